import MarqueeModel
import MarqueeRender
import Vapor

/// A message rendered for people to look at: sandboxed HTML as devices show it, or text as the
/// terminal simulator draws it.
///
/// HTML previews carry their own policy: sandboxed into an opaque origin (the message's scripts
/// run but reach nothing of this server's origin) and framable only by the dashboard.
struct MessagePreview {
    static let contentSecurityPolicy = "sandbox allow-scripts; frame-ancestors 'self'"

    enum Format: String, Decodable, CaseIterable {
        case html, text
    }

    var message: Message
    var format: Format
    var theme: Theme?
    var width: Int?
    var personalization: [String: String]

    func response() throws -> Response {
        let options = RenderOptions(theme: theme, personalization: personalization)
        var headers = HTTPHeaders()
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        switch format {
        case .html:
            headers.contentType = .html
            headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
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
