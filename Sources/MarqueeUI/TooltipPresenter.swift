#if canImport(UIKit) && canImport(WebKit)
import Marquee
import MarqueeModel
import MarqueeRender
import UIKit
import WebKit

/// Shows tooltip messages next to the view whose `accessibilityIdentifier` the tooltip names.
/// Placement (side, flipping, staying on screen) comes from the tested ``TooltipPlacement``.
///
/// It also watches the app's windows for those views (``TooltipTargetWatcher``), so a tooltip
/// shows once its view appears, with no call from the app.
///
/// ```swift
/// MarqueeSDK.shared.register(presenter: TooltipPresenter(), for: [.tooltip])
/// ```
@MainActor
public final class TooltipPresenter: NSObject, MessagePresenter {
    /// The tooltip's size in points.
    public var size: CGSize
    /// One page per tooltip on screen: several tooltips may show at once.
    private var pages: [String: WebViewPresenter] = [:]
    private var observer: TooltipTargetObserver?

    /// - Parameters:
    ///   - sdk: the SDK this presenter is registered with, told when a target view appears.
    ///   - watchesViews: whether to watch the windows for target views; `false` leaves it to
    ///     the app (``MarqueeSDK/viewAppeared(identifier:)``).
    public init(size: CGSize = CGSize(width: 240, height: 120), sdk: MarqueeSDK = .shared, watchesViews: Bool = true) {
        self.size = size
        super.init()
        if watchesViews { observer = TooltipTargetObserver(sdk: sdk) }
    }

    /// Ready when the target view is on screen.
    public func isReady(for message: InAppMessage) -> Bool {
        guard let id = message.message.tooltip?.targetElementID else { return false }
        return Self.view(withIdentifier: id) != nil
    }

    public func prepareAssets(for message: InAppMessage) async throws {
        try await WebViewPresenter().prepareAssets(for: message)
    }

    public func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
        guard let settings = message.message.tooltip, let anchor = Self.view(withIdentifier: settings.targetElementID),
              let window = anchor.window else {
            completion(PresentationResult(.interrupted))
            return
        }
        let anchorFrame = anchor.convert(anchor.bounds, to: window)
        let placement = TooltipPlacement(
            position: settings.position,
            anchor: .init(x: anchorFrame.minX, y: anchorFrame.minY, width: anchorFrame.width, height: anchorFrame.height),
            size: (Double(size.width), Double(size.height)),
            bounds: .init(x: window.bounds.minX, y: window.bounds.minY, width: window.bounds.width, height: window.bounds.height))
        var placed = message
        placed.message.tooltip?.position = placement.position
        let page = WebViewPresenter()
        page.frame = CGRect(x: placement.frame.x, y: placement.frame.y, width: placement.frame.width, height: placement.frame.height)
        pages[message.id] = page
        page.display(placed) { [weak self] result in
            self?.pages[message.id] = nil
            completion(result)
        }
    }

    public func dismiss(_ message: InAppMessage) {
        pages.removeValue(forKey: message.id)?.dismiss(message)
    }

    /// The view in the app's windows that the target `identifier` points at, found as the
    /// watcher finds it (``ViewTree/firstVisible(pointedAtBy:)``).
    static func view(withIdentifier identifier: String) -> UIView? {
        ViewTree.windows.firstVisible(pointedAtBy: identifier)
    }
}
#endif
