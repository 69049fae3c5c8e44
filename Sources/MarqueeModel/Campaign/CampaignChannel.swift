/// Where a campaign reaches users: as an in-app message on a trigger, in the App Inbox of the
/// identified users in its audience, or both.
public enum CampaignChannel: String, Sendable, Hashable, Codable, CaseIterable, StandardValue {
    case inApp
    case inbox
    case inAppAndInbox = "inApp+inbox"

    public static var standard: CampaignChannel { .inApp }

    /// Whether pings deliver the campaign for display.
    public var showsInApp: Bool {
        switch self {
        case .inApp, .inAppAndInbox: true
        case .inbox: false
        }
    }

    /// Whether the campaign is stored in the inbox of each identified user in its audience.
    public var fillsInbox: Bool {
        switch self {
        case .inbox, .inAppAndInbox: true
        case .inApp: false
        }
    }
}
