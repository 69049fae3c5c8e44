#if canImport(UIKit)
import Marquee
import UIKit

extension UITabBar {
    /// Lets tooltips point at tab bar items: puts an empty view carrying each item's
    /// `accessibilityIdentifier` where the bar draws the item, and tells the SDK the element
    /// appeared. Call it after setting the items' identifiers, and again when the items change.
    ///
    /// The places come from public values only (``TabBarItemLayout``): the bar's bounds,
    /// safe-area insets, item positioning, width and spacing. With items centred (iPad, regular
    /// width) set `itemWidth`, which UIKit does not make public otherwise; without it no anchor is
    /// placed. The anchors draw nothing, take no touches and are not accessibility elements.
    ///
    /// ```swift
    /// tabBarItem.accessibilityIdentifier = "tab.offers"
    /// tabBarController.tabBar.updateItemIdentifiers()
    /// ```
    public func updateItemIdentifiers(sdk: MarqueeSDK = .shared) {
        let items = self.items ?? []
        let frames = itemLayout.itemFrames(count: items.count) ?? []
        var anchors = subviews.compactMap { $0 as? TabItemAnchorView }
        while anchors.count > frames.count { anchors.removeLast().removeFromSuperview() }
        while anchors.count < frames.count {
            let anchor = TabItemAnchorView()
            insertSubview(anchor, at: 0)
            anchors.append(anchor)
        }
        for (index, (item, frame)) in zip(items, frames).enumerated() {
            let anchor = anchors[index]
            anchor.frame = frame
            anchor.accessibilityIdentifier = item.accessibilityIdentifier
            if let identifier = item.accessibilityIdentifier, !identifier.isEmpty {
                sdk.viewAppeared(identifier: identifier)
            }
        }
    }

    private var itemLayout: TabBarItemLayout {
        let positioning: TabBarItemLayout.Positioning
        let centred = TabBarItemLayout.Positioning.centered(itemWidth: Double(itemWidth), spacing: Double(itemSpacing))
        switch itemPositioning {
        case .fill: positioning = .fill
        case .centered: positioning = centred
        case .automatic: positioning = traitCollection.horizontalSizeClass == .regular ? centred : .fill
        @unknown default: positioning = .fill
        }
        return TabBarItemLayout(width: Double(bounds.width), height: Double(bounds.height),
                                leftInset: Double(safeAreaInsets.left), rightInset: Double(safeAreaInsets.right),
                                bottomInset: Double(safeAreaInsets.bottom), positioning: positioning,
                                rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }
}

/// An empty view where a tab bar draws an item, carrying the item's identifier for tooltips. It
/// keeps its share of the bar's width as the bar resizes (rotation).
final class TabItemAnchorView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("TabItemAnchorView is made in code")
    }
}
#endif
