#if canImport(UIKit)
import Marquee
import UIKit

extension UITabBar {
    /// Lets tooltips point at tab bar buttons: gives each button its item's
    /// `accessibilityIdentifier` and tells the SDK the element appeared. Call it after setting
    /// the items' identifiers, and again when the items change.
    ///
    /// ```swift
    /// tabBarItem.accessibilityIdentifier = "tab.offers"
    /// tabBarController.tabBar.updateItemIdentifiers()
    /// ```
    public func updateItemIdentifiers(sdk: MarqueeSDK = .shared) {
        let buttons = subviews.filter { $0 is UIControl }
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let matched = TabBarButtonMatcher.identifiers(items: (items ?? []).map(\.accessibilityIdentifier),
                                                      buttonOffsets: buttons.map { Double($0.frame.minX) },
                                                      rightToLeft: rightToLeft)
        for (index, identifier) in matched {
            buttons[index].accessibilityIdentifier = identifier
            sdk.viewAppeared(identifier: identifier)
        }
    }
}
#endif
