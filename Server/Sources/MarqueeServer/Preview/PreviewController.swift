import MarqueeModel
import MarqueeRender
import Vapor

/// `POST /api/v1/preview` and `POST /api/v1/preview/inbox`: a message or an App Inbox message
/// being edited, rendered by the same renderers devices use, without saving it (the dashboard's
/// live previews).
struct PreviewController {
    /// The body of `POST /api/v1/preview`.
    struct DraftInput: Decodable {
        var message: Message
        /// The translation to show, as a device with this locale would.
        var language: String?
        var theme: Theme?
        var format: MessagePreview.Format?
        var width: Int?
        var personalization: [String: String]?
    }

    /// The body of `POST /api/v1/preview/inbox`.
    struct InboxDraftInput: Decodable {
        var message: InboxContent
        var view: InboxPreview.View?
        var format: MessagePreview.Format?
        var theme: Theme?
        var direction: LayoutDirection?
        var width: Int?
    }

    static let maxPersonalizationValues = 50

    @Sendable func previewDraft(req: Request) async throws -> Response {
        let input = try req.decodeJSON(DraftInput.self)
        var issues = input.message.validationIssues()
        let values = input.personalization ?? [:]
        if values.count > Self.maxPersonalizationValues
            || values.contains(where: { !TextRule.fits($0.key, characters: 100) || !TextRule.fits($0.value, characters: 200) }) {
            // Each value may fill many placeholders: bounded, so the rendered preview is too.
            issues.append(ValidationIssue(field: "personalization",
                                          message: "at most \(Self.maxPersonalizationValues) values of at most 200 characters"))
        }
        if let language = input.language, language.utf8.count > LanguageTag.maxLength {
            issues.append(ValidationIssue(field: "language", message: "must be at most \(LanguageTag.maxLength) characters"))
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return try await MessagePreview(message: input.message, language: input.language, format: input.format ?? .html, theme: input.theme,
                                        width: input.width, personalization: input.personalization ?? [:]).response(on: req)
    }

    @Sendable func previewInboxDraft(req: Request) async throws -> Response {
        let input = try req.decodeJSON(InboxDraftInput.self)
        return try await InboxPreview(content: input.message, view: input.view ?? .list, format: input.format ?? .html,
                                      theme: input.theme, direction: input.direction, width: input.width).response(on: req)
    }
}
