/// Errors from the render module.
public enum RenderError: Error, Sendable, Hashable {
    /// What the bridge posted is not valid JSON or not a known message; the text says why.
    case malformedBridgeMessage(String)
    /// The bridge speaks a newer protocol version than this build understands.
    case unsupportedBridgeVersion(Int)
    /// A link whose URL is empty or uses a blocked scheme (such as `javascript:`).
    case rejectedLink(String)
}
