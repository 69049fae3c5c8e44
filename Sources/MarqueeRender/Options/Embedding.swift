/// Renders a message as embedded content: the card alone, as wide as its place in the app's
/// screen and as tall as its content, without a scrim or a close control, reporting its height
/// as it changes (``BridgeMessage/resized(height:)``) so the view holding it can size itself.
public struct Embedding: Sendable, Hashable {
    /// The placement the content fills (`home.top`).
    public var placement: String
    /// Draws a mock app screen around the card, with the placement's place marked: what the
    /// dashboard's preview shows.
    public var showsAppScreen: Bool

    public init(placement: String, showsAppScreen: Bool = false) {
        self.placement = placement
        self.showsAppScreen = showsAppScreen
    }
}
