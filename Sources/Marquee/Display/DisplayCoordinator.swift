/// How messages of a kind take the screen (``MarqueeSDK/displayCoordinators``), after Airship's
/// display coordinators.
public enum DisplayCoordinator: Sendable, Hashable, CaseIterable {
    /// One message at a time, with ``MarqueeSDK/displayInterval`` between two. The default.
    case standard
    /// As soon as the message is ready, beside whatever is on screen: it neither waits for the
    /// message on screen or the display interval, nor starts the interval when it ends.
    case immediate
}
