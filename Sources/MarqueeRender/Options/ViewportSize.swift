/// The size of the screen a message is rendered for, in points (CSS pixels).
public struct ViewportSize: Sendable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a viewport size; non-finite or negative values are treated as zero.
    public init(width: Double, height: Double) {
        self.width = width.isFinite ? max(0, width) : 0
        self.height = height.isFinite ? max(0, height) : 0
    }

    /// Whether the screen is wider than it is tall.
    public var isLandscape: Bool { width > height }

    /// An iPhone-sized portrait screen, handy for previews.
    public static let phonePortrait = ViewportSize(width: 390, height: 844)
    /// The same phone turned sideways.
    public static let phoneLandscape = ViewportSize(width: 844, height: 390)
}
