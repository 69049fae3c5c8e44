import MarqueeModel
import MarqueeRender
import Vapor

/// An App Inbox message being composed, drawn by the renderers devices and the simulator use: as
/// the only (unread, just delivered) item of the list, or as the detail page.
///
/// The HTML pages run no script; this response's policy sandboxes them further (no scripts, an
/// opaque origin) and lets only the dashboard frame them.
struct InboxPreview: Sendable {
    static let contentSecurityPolicy = "sandbox; frame-ancestors 'self'"

    /// Which inbox view shows the message.
    enum View: String, Decodable, CaseIterable, Sendable {
        case list, detail
    }

    var content: InboxContent
    var view: View
    var format: MessagePreview.Format
    var theme: Theme?
    var direction: LayoutDirection?
    var width: Int?

    /// Checks the content as a send would, renders it, and answers with the document.
    func response(on request: Request) async throws -> Response {
        let issues = content.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        let columns = width ?? 60
        if !(InboxTerminalRenderer.minimumWidth...200).contains(columns) {
            throw APIError(.badRequest, code: .invalidQuery, "width must be between \(InboxTerminalRenderer.minimumWidth) and 200")
        }
        let now = request.marquee.clock.now()
        let message = InboxMessage(id: "preview", content: content, deliveredAt: now)
        var headers = HTTPHeaders()
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        let body: String
        switch format {
        case .html:
            headers.contentType = .html
            headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
            let renderer = InboxHTMLRenderer(theme: theme ?? .automatic, direction: direction ?? .leftToRight)
            switch view {
            case .list: body = renderer.list(.loaded([message]), now: now)
            case .detail: body = renderer.detail(message, now: now)
            }
        case .text:
            headers.contentType = .plainText
            let renderer = InboxTerminalRenderer(width: columns)
            switch view {
            case .list: body = renderer.list([message], now: now)
            case .detail: body = renderer.detail(message, now: now)
            }
        }
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }
}
