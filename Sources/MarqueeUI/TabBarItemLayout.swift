import Foundation

/// Where a tab bar draws its items, worked out from what UIKit makes public (the bar's bounds,
/// safe-area insets, item positioning, item width and spacing) rather than from the bar's
/// private subviews, so that a tooltip can point at a tab on every system.
///
/// - `fill` (iPhone, compact width): the width inside the safe area is shared equally.
/// - `centered` (iPad, regular width): items of `itemWidth` with `spacing` between them, centred
///   inside the safe area. UIKit does not say how wide it draws items when `itemWidth` is 0, so
///   then the frames are unknown (`nil`): set `UITabBar.itemWidth` to point tooltips at tabs there.
///
/// Items sit above the bottom safe-area inset (the home indicator). In a right-to-left layout
/// the first item is on the right.
public struct TabBarItemLayout: Sendable, Hashable {
    /// How the bar spreads its items.
    public enum Positioning: Sendable, Hashable {
        case fill
        case centered(itemWidth: Double, spacing: Double)
    }

    public var width: Double
    public var height: Double
    public var leadingInset: Double
    public var trailingInset: Double
    public var bottomInset: Double
    public var positioning: Positioning
    public var rightToLeft: Bool

    /// A bar `width` × `height` with its safe-area insets (left and right as UIKit gives them, in
    /// screen order, whatever the layout direction).
    public init(width: Double, height: Double, leftInset: Double = 0, rightInset: Double = 0, bottomInset: Double = 0,
                positioning: Positioning = .fill, rightToLeft: Bool = false) {
        self.width = width
        self.height = height
        leadingInset = leftInset
        trailingInset = rightInset
        self.bottomInset = bottomInset
        self.positioning = positioning
        self.rightToLeft = rightToLeft
    }

    /// The frame of each of `count` items, in item order, in the bar's coordinates; `nil` when the
    /// layout cannot be known (centred items of the system's own width).
    public func itemFrames(count: Int) -> [CGRect]? {
        guard count > 0 else { return [] }
        let left = max(0, leadingInset)
        let available = max(0, width - left - max(0, trailingInset))
        let itemHeight = max(0, height - max(0, bottomInset))
        let slotWidth: Double
        let gap: Double
        var start = left
        switch positioning {
        case .fill:
            slotWidth = available / Double(count)
            gap = 0
        case .centered(let itemWidth, let spacing):
            guard itemWidth > 0 else { return nil }
            slotWidth = itemWidth
            gap = max(0, spacing)
            let total = itemWidth * Double(count) + gap * Double(count - 1)
            start = left + max(0, (available - total) / 2)
        }
        let frames = (0..<count).map { index in
            CGRect(x: start + Double(index) * (slotWidth + gap), y: 0, width: slotWidth, height: itemHeight)
        }
        return rightToLeft ? frames.reversed() : frames
    }
}
