import Fluent
import MarqueeModel
import MarqueeRender
import Vapor

/// Live previews for the dashboard: a message (saved or being edited) rendered by the same
/// renderer devices use, as HTML or as the terminal simulator draws it.
struct PreviewController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("preview", use: previewDraft)
        routes.get("apps", ":appID", "campaigns", ":campaignID", "preview", use: previewCampaign)
    }

    /// The body of `POST /api/v1/preview`.
    struct DraftInput: Decodable {
        var message: Message
        var theme: Theme?
        var format: PreviewFormat?
        var width: Int?
        var personalization: [String: String]?
    }

    enum PreviewFormat: String, Decodable, CaseIterable {
        case html, text
    }

    @Sendable func previewDraft(req: Request) async throws -> Response {
        let input = try req.decodeJSON(DraftInput.self)
        let issues = input.message.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return try render(input.message, format: input.format ?? .html, theme: input.theme,
                          width: input.width, personalization: input.personalization ?? [:])
    }

    /// `GET …/campaigns/:campaignID/preview?format=html|text&theme=light|dark&width=60`.
    @Sendable func previewCampaign(req: Request) async throws -> Response {
        let app = try await req.authorizedApp()
        guard let text = req.parameters.get("campaignID"), let id = UUID(uuidString: text),
              let record = try await CampaignRecord.query(on: req.db)
                .filter(\.$id == id).filter(\.$app.$id == (try app.requireID())).first() else {
            throw APIError.notFound("campaign")
        }
        let format = try req.query[String.self, at: "format"].map { value in
            guard let format = PreviewFormat(rawValue: value) else {
                throw APIError(.badRequest, code: "invalid_query", "format must be html or text")
            }
            return format
        }
        let theme = try req.query[String.self, at: "theme"].map { value in
            guard let theme = Theme(rawValue: value) else {
                throw APIError(.badRequest, code: "invalid_query", "theme must be automatic, light or dark")
            }
            return theme
        }
        return try render(try record.campaign().message, format: format ?? .html, theme: theme,
                          width: req.query[Int.self, at: "width"], personalization: [:])
    }

    private func render(_ message: Message, format: PreviewFormat, theme: Theme?, width: Int?,
                        personalization: [String: String]) throws -> Response {
        let options = RenderOptions(theme: theme, personalization: personalization)
        var headers = HTTPHeaders()
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        switch format {
        case .html:
            headers.contentType = .html
            return Response(status: .ok, headers: headers, body: .init(string: HTMLRenderer(options: options).render(message)))
        case .text:
            let columns = width ?? 72
            guard (TerminalRenderer.minimumWidth...200).contains(columns) else {
                throw APIError(.badRequest, code: "invalid_query", "width must be between \(TerminalRenderer.minimumWidth) and 200")
            }
            headers.contentType = .plainText
            let text = TerminalRenderer(width: columns, useColor: false, options: options).render(message)
            return Response(status: .ok, headers: headers, body: .init(string: text))
        }
    }
}
