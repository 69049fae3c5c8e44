/// A style value out of range, and what Marquee uses instead.
public struct StyleProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where the value is, such as `modal.padding.top` or `all.title.fontSize`.
    public var path: String
    /// Why the value cannot be used as it is.
    public var reason: String

    /// Creates a problem.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
