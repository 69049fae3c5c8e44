#if canImport(UIKit)
import Foundation
import Marquee
import UIKit

extension ViewTree where View == UIView {
    /// The views of the app's windows. A view counts as visible when it is in a window, not
    /// hidden and not fully transparent.
    static var windows: ViewTree<UIView> {
        ViewTree(
            roots: {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
            },
            children: { $0.subviews },
            identifier: { $0.accessibilityIdentifier },
            isVisible: { $0.window != nil && !$0.isHidden && $0.alpha > 0.01 })
    }
}

/// Watches the app's windows for the views that tooltips point at, a few hundred views every
/// quarter second, so a tooltip shows once a view with its `accessibilityIdentifier` is on
/// screen. It stops when its owner (``TooltipPresenter``) goes away.
@MainActor
final class TooltipTargetObserver {
    private let task: Task<Void, Never>

    init(sdk: MarqueeSDK, interval: TimeInterval = 0.25) {
        let watcher = TooltipTargetWatcher(sdk: sdk, tree: .windows)
        let pause = UInt64(interval * 1_000_000_000)
        task = Task { @MainActor in
            while !Task.isCancelled {
                await watcher.step()
                try? await Task.sleep(nanoseconds: pause)
            }
        }
    }

    deinit { task.cancel() }
}
#endif
