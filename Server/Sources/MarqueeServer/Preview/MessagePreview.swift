import MarqueeModel
import MarqueeRender
import Vapor

/// A message rendered for people to look at: sandboxed HTML as devices show it, or text as the
/// terminal simulator draws it.
///
/// HTML previews carry their own policy: sandboxed into an opaque origin (the message's scripts
/// run but reach nothing of this server's origin) and framable only by the dashboard.
struct MessagePreview: Sendable {
    static let contentSecurityPolicy = "sandbox allow-scripts; frame-ancestors 'self'"

    enum Format: String, Decodable, CaseIterable, Sendable {
        case html, text
    }

    var message: Message
    /// The language to show (a translation of the message, as a device with this locale sees
    /// it); `nil` shows the default language.
    var language: String?
    var format: Format
    var theme: Theme?
    var width: Int?
    var personalization: [String: String]
    /// Embedded content's placement: the HTML preview shows it in a mock app screen.
    var placement: String? = nil

    /// Renders on the server's render workers (never on an event loop or the cooperative pool),
    /// unless the client has gone by then, and answers with the document.
    func response(on request: Request) async throws -> Response {
        let columns = width ?? 72
        if !(TerminalRenderer.minimumWidth...200).contains(columns) {
            throw APIError(.badRequest, code: .invalidQuery, "width must be between \(TerminalRenderer.minimumWidth) and 200")
        }
        let body = try await request.marquee.renderWorkers.run(on: request.eventLoop, isWanted: { request.clientIsConnected }) {
            render(columns: columns)
        }
        var headers = HTTPHeaders()
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        switch format {
        case .html:
            headers.contentType = .html
            headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        case .text:
            headers.contentType = .plainText
        }
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }

    private func render(columns: Int) -> String {
        var options = RenderOptions(theme: theme, personalization: personalization)
        options.embedding = placement.map { Embedding(placement: $0, showsAppScreen: true) }
        let shown = message.localized(to: language)
        switch format {
        case .html: return HTMLRenderer(options: options).render(shown)
        case .text: return TerminalRenderer(width: columns, useColor: false, options: options).render(shown)
        }
    }
}
