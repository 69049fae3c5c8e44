import MarqueeModel
import MarqueeRender
import Vapor

/// `POST /api/v1/preview`: a message being edited, rendered by the same renderer devices use,
/// without saving it (the dashboard's live preview).
struct PreviewController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("preview", use: previewDraft)
    }

    /// The body of `POST /api/v1/preview`.
    struct DraftInput: Decodable {
        var message: Message
        var theme: Theme?
        var format: MessagePreview.Format?
        var width: Int?
        var personalization: [String: String]?
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
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return try await MessagePreview(message: input.message, format: input.format ?? .html, theme: input.theme,
                                        width: input.width, personalization: input.personalization ?? [:]).response(on: req)
    }
}
