import MarqueeModel
import MarqueeRender
import Vapor

/// `POST /api/v1/preview/frame`: the dashboard's live preview, as a page of its own.
///
/// The dashboard submits a form into its preview frame, so the frame holds a document fetched
/// from this URL with this response's policy, instead of a `srcdoc` document that would inherit
/// (and be limited by) the dashboard's policy (see ``MessagePreview``).
/// A form cannot send headers: the browser sends the session cookie, and the session's CSRF
/// token travels as a form field (the frame renders only, but a form post is exactly what
/// another site could forge).
struct PreviewFrameController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("api", "v1", "preview", "frame", use: frame)
    }

    /// The form fields.
    struct FrameForm: Decodable {
        /// The session's CSRF token (``SessionToken/csrfToken``).
        var csrf: String
        /// The message as JSON, read as strictly as the admin API reads it.
        var message: String
        var theme: String?
    }

    @Sendable func frame(req: Request) async throws -> Response {
        let form: FrameForm
        do {
            form = try req.content.decode(FrameForm.self, as: .urlEncodedForm)
        } catch {
            throw APIError(.badRequest, code: "invalid_body", "send the form fields csrf and message")
        }
        guard let session = try await req.resolveSessionCookie() else {
            throw APIError(.unauthorized, code: "unauthorized", "sign in to the dashboard to preview messages")
        }
        try CSRFMiddleware.check(form.csrf, against: session)
        let message = try StrictJSON.decodeBody(Message.self, from: Data(form.message.utf8))
        let issues = message.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        let theme = try form.theme.flatMap { $0.isEmpty ? nil : $0 }.map { value in
            guard let theme = Theme(rawValue: value) else {
                throw APIError(.badRequest, code: "invalid_body", "theme must be automatic, light or dark")
            }
            return theme
        }
        return try await MessagePreview(message: message, format: .html, theme: theme, width: nil, personalization: [:])
            .response(on: req)
    }
}
