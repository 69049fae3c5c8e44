import MarqueeModel
import MarqueeRender
import Vapor

/// `POST /api/v1/preview/frame` and `POST /api/v1/preview/inbox/frame`: the dashboard's live
/// previews of a message and of an App Inbox message, each as a page of its own.
///
/// The dashboard submits a form into its preview frame, so the frame holds a document fetched
/// from this URL with this response's policy, instead of a `srcdoc` document that would inherit
/// (and be limited by) the dashboard's policy (see ``MessagePreview`` and ``InboxPreview``).
/// A form cannot send headers: the browser sends the session cookie, and the session's CSRF
/// token travels as a form field (the frame renders only, but a form post is exactly what
/// another site could forge).
struct PreviewFrameController {
    /// A form posted by the dashboard, carrying its session's CSRF token.
    protocol SignedForm: Decodable {
        /// The session's CSRF token (``SessionToken/csrfToken``).
        var csrf: String { get }
    }

    /// The form fields of a message preview.
    struct FrameForm: SignedForm {
        var csrf: String
        /// The message as JSON, read as strictly as the admin API reads it.
        var message: String
        var theme: String?
        /// The translation to show, as a device with this locale would.
        var language: String?
        /// Embedded content's placement, shown in a mock app screen; empty or absent shows the message over the app.
        var placement: String?
    }

    /// The form fields of an inbox preview.
    struct InboxFrameForm: SignedForm {
        var csrf: String
        /// The inbox content as JSON, read as strictly as the admin API reads it.
        var message: String
        /// `list` (default) or `detail`.
        var view: String?
        var theme: String?
        /// `leftToRight` (default) or `rightToLeft`.
        var direction: String?
    }

    @Sendable func frame(req: Request) async throws -> Response {
        let form = try await Self.signedForm(FrameForm.self, of: req)
        let message = try StrictJSON.decodeBody(Message.self, from: Data(form.message.utf8))
        var issues = message.validationIssues()
        if let language = form.language, language.utf8.count > LanguageTag.maxLength {
            issues.append(ValidationIssue(field: "language", message: "must be at most \(LanguageTag.maxLength) characters"))
        }
        let placement = form.placement.flatMap { $0.isEmpty ? nil : $0 }
        if let placement, !PlacementID.isValid(placement) {
            issues.append(ValidationIssue(field: "placement", message: "must be \(PlacementID.rule)"))
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return try await MessagePreview(message: message, language: form.language, format: .html,
                                        theme: try Self.choice(form.theme, field: "theme"),
                                        width: nil, personalization: [:], placement: placement).response(on: req)
    }

    @Sendable func inboxFrame(req: Request) async throws -> Response {
        let form = try await Self.signedForm(InboxFrameForm.self, of: req)
        let content = try StrictJSON.decodeBody(InboxContent.self, from: Data(form.message.utf8))
        return try await InboxPreview(content: content, view: try Self.choice(form.view, field: "view") ?? .list, format: .html,
                                      theme: try Self.choice(form.theme, field: "theme"),
                                      direction: try Self.choice(form.direction, field: "direction"), width: nil)
            .response(on: req)
    }

    /// Decodes the form and checks that it comes from the dashboard of a live session.
    private static func signedForm<Form: SignedForm>(_ type: Form.Type, of req: Request) async throws -> Form {
        guard let session = try await req.resolveSessionCookie() else {
            throw APIError(.unauthorized, code: .unauthorized, "sign in to the dashboard to preview messages")
        }
        let form: Form
        do {
            form = try req.content.decode(Form.self, as: .urlEncodedForm)
        } catch {
            throw APIError(.badRequest, code: .invalidBody, "send the form fields csrf and message")
        }
        try CSRFMiddleware.check(form.csrf, against: session)
        return form
    }

    /// An optional form field naming one of `Choice`'s cases; empty means absent.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ value: String?, field: String) throws -> Choice?
    where Choice.RawValue == String {
        guard let value, !value.isEmpty else { return nil }
        guard let choice = Choice(rawValue: value) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, code: .invalidBody, "\(field) must be one of \(names)")
        }
        return choice
    }
}
