/// How much of a placement's content is on screen, from its frame and the visible area in the
/// same coordinates: a placement counts an impression once at least half of it is
/// (``countsAsSeen(content:visible:)``). Plain numbers, so the rule is the same on every
/// platform and tested without one.
public enum PlacementVisibility {
    /// A rectangle: origin and size.
    public struct Frame: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        var area: Double { max(0, width) * max(0, height) }
    }

    /// The share of an impression's content that must be on screen.
    public static let threshold = 0.5

    /// The share of `content` inside `visible`, from 0 to 1; 0 for content of no size.
    public static func fraction(of content: Frame, within visible: Frame) -> Double {
        guard content.area > 0 else { return 0 }
        let width = min(content.x + content.width, visible.x + visible.width) - max(content.x, visible.x)
        let height = min(content.y + content.height, visible.y + visible.height) - max(content.y, visible.y)
        guard width > 0, height > 0 else { return 0 }
        return min(1, width * height / content.area)
    }

    /// Whether `content` is on screen enough to count as seen.
    public static func countsAsSeen(content: Frame, visible: Frame) -> Bool {
        fraction(of: content, within: visible) >= threshold
    }
}
