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

    @Sendable func previewDraft(req: Request) async throws -> Response {
        let input = try req.decodeJSON(DraftInput.self)
        let issues = input.message.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return try MessagePreview(message: input.message, format: input.format ?? .html, theme: input.theme,
                                  width: input.width, personalization: input.personalization ?? [:]).response()
    }
}
