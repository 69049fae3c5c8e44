/// A message rendered by ``HTMLRenderer``: the HTML document and its Content-Security-Policy.
///
/// The document enforces the policy itself, in a `<meta>` tag. A server that answers with the
/// document sends the same policy as a header as well, where it can add what a `<meta>` policy
/// cannot say (`sandbox`, `frame-ancestors`).
public struct RenderedDocument: Sendable, Hashable {
    /// The complete HTML document.
    public var html: String
    /// The policy in the document's `<meta>` tag, directives separated by `; `.
    public var contentSecurityPolicy: String

    public init(html: String, contentSecurityPolicy: String) {
        self.html = html
        self.contentSecurityPolicy = contentSecurityPolicy
    }
}
