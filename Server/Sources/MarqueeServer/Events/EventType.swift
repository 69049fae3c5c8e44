/// What an event in the log (``EventLog``) records. Each is a fact Marquee stored, from a device
/// or from the team; the raw value is what the stream and webhooks carry in `type`.
enum EventType: String, Sendable, Codable, CaseIterable {
    /// A message was displayed.
    case impression
    /// A button or the message's content was tapped (`data.button`: `action_one`, `action_two`
    /// or `content`); a placement's tap is its content's.
    case click
    /// The message was closed without an action.
    case close
    /// The user asked not to see the campaign again.
    case optOut = "opt_out"
    /// A carousel page showed for the first time in a display (`data.page`, from 0).
    case pageView = "page_view"
    /// A goal event attributed to the campaign (`data.goal`, `data.value`).
    case conversion
    /// A survey's answers for one display (`data.answers`).
    case surveyAnswer = "survey_answer"
    /// An inbox message was opened or a link in it tapped (`data.interaction`, `data.message`).
    case inboxInteraction = "inbox_interaction"
    /// Inbox messages were marked read (`data.messages`).
    case inboxRead = "inbox_read"
    /// Inbox messages were marked unread (`data.messages`).
    case inboxUnread = "inbox_unread"
    /// Inbox messages were deleted by their user (`data.messages`).
    case inboxDelete = "inbox_delete"
    /// A user's profile changed (`data.source`: `sdk`, `api` or `import`; `data.profile`: the result).
    case profileChange = "profile_change"
    /// Everything stored about a user was erased; downstream systems should erase theirs.
    case userErased = "user_erased"
    case campaignCreated = "campaign_created"
    /// A campaign's content, targeting or status changed (`data.status`).
    case campaignChanged = "campaign_changed"
    /// A campaign was paused.
    case campaignPaused = "campaign_paused"
    case campaignDeleted = "campaign_deleted"

    /// Parses a comma-separated `types` list (`impression,click`, exactly so); throws naming the
    /// first value that is no type.
    static func parseList(_ text: String) throws -> Set<EventType> {
        var types: Set<EventType> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let type = EventType(rawValue: String(name)) else {
                throw APIError(.badRequest, code: .invalidQuery,
                               "types: '\(name.prefix(64))' is not an event type; use \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            types.insert(type)
        }
        return types
    }
}
