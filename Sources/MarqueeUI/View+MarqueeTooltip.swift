#if canImport(SwiftUI) && canImport(UIKit)
import Marquee
import SwiftUI

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    /// Marks this view as the target of tooltips that name `identifier`, and tells the SDK when it
    /// appears so tooltip campaigns waiting for it can show. Call after `MarqueeSDK.shared.configure`.
    ///
    /// The mark is a UIKit view behind this one (``TooltipAnchor``), which the tooltip presenter
    /// finds by `identifier`; this view's own accessibility identifier is left as the app set it.
    public func canHaveTooltip(identifier: String, sdk: MarqueeSDK = .shared) -> some View {
        background(TooltipAnchor(identifier: identifier))
            .onAppear { sdk.viewAppeared(identifier: identifier) }
    }
}
#endif
