/// The Content-Security-Policy header of a message frame (``MessageFrame``).
///
/// The renderer's own policy (scripts and styles by hash, media from the message's origins),
/// plus what only a header can say: a sandbox that gives the page an opaque origin (no cookies,
/// no storage, nothing of this server's origin; links may open windows outside it), and the
/// pages that may frame it: the app's web origins, the sites that use the web SDK with the app.
enum MessageFramePolicy {
    static let sandbox = "sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox"

    /// `frame-ancestors` for an app's web origins (``WebOrigins``, written as CSP sources are);
    /// none means no page may frame it.
    static func frameAncestors(_ webOrigins: [String]) -> String {
        "frame-ancestors " + (webOrigins.isEmpty ? "'none'" : webOrigins.joined(separator: " "))
    }

    /// The header for a rendered document whose own policy is `document`.
    static func header(document: String, webOrigins: [String]) -> String {
        [document, sandbox, frameAncestors(webOrigins)].joined(separator: "; ")
    }
}
