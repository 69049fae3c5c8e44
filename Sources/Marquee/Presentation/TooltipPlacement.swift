import MarqueeModel

/// Where a tooltip goes next to the element it points at: pure geometry, shared by every
/// platform's presenter so the rules are tested once.
public struct TooltipPlacement: Sendable, Hashable {
    /// A rectangle in points, origin at the top left.
    public struct Rect: Sendable, Hashable {
        public var x: Double, y: Double, width: Double, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var maxX: Double { x + width }
        public var maxY: Double { y + height }
    }

    /// The tooltip's frame.
    public var frame: Rect
    /// The position actually used: the requested one, or its opposite when it did not fit.
    public var position: TooltipPosition

    /// Gap between the element and the tooltip.
    public static let spacing = 8.0

    /// Places a tooltip of `size` next to `anchor` at `position`, flipping to the other side when
    /// it would leave `bounds`, then sliding it back inside.
    public init(position: TooltipPosition, anchor: Rect, size: (width: Double, height: Double), bounds: Rect) {
        var chosen = position
        var frame = Self.frame(position, anchor: anchor, size: size)
        if !Self.fits(frame, in: bounds) {
            let flipped = position.opposite
            let alternative = Self.frame(flipped, anchor: anchor, size: size)
            if Self.fits(alternative, in: bounds) {
                chosen = flipped
                frame = alternative
            }
        }
        frame.x = min(max(frame.x, bounds.x), max(bounds.x, bounds.maxX - frame.width))
        frame.y = min(max(frame.y, bounds.y), max(bounds.y, bounds.maxY - frame.height))
        self.frame = frame
        self.position = chosen
    }

    private static func frame(_ position: TooltipPosition, anchor: Rect, size: (width: Double, height: Double)) -> Rect {
        let above = anchor.y - spacing - size.height
        let below = anchor.maxY + spacing
        let centeredX = anchor.x + (anchor.width - size.width) / 2
        let centeredY = anchor.y + (anchor.height - size.height) / 2
        switch position {
        case .topLeft: return Rect(x: anchor.x, y: above, width: size.width, height: size.height)
        case .topCenter: return Rect(x: centeredX, y: above, width: size.width, height: size.height)
        case .topRight: return Rect(x: anchor.maxX - size.width, y: above, width: size.width, height: size.height)
        case .bottomLeft: return Rect(x: anchor.x, y: below, width: size.width, height: size.height)
        case .bottomCenter: return Rect(x: centeredX, y: below, width: size.width, height: size.height)
        case .bottomRight: return Rect(x: anchor.maxX - size.width, y: below, width: size.width, height: size.height)
        case .left: return Rect(x: anchor.x - spacing - size.width, y: centeredY, width: size.width, height: size.height)
        case .right: return Rect(x: anchor.maxX + spacing, y: centeredY, width: size.width, height: size.height)
        }
    }

    private static func fits(_ frame: Rect, in bounds: Rect) -> Bool {
        frame.x >= bounds.x && frame.y >= bounds.y && frame.maxX <= bounds.maxX && frame.maxY <= bounds.maxY
    }
}

extension TooltipPosition {
    /// The position on the other side of the element.
    var opposite: TooltipPosition {
        switch self {
        case .topLeft: .bottomLeft
        case .topCenter: .bottomCenter
        case .topRight: .bottomRight
        case .bottomLeft: .topLeft
        case .bottomCenter: .topCenter
        case .bottomRight: .topRight
        case .left: .right
        case .right: .left
        }
    }
}
