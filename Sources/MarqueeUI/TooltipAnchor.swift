#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import UIKit

/// An empty UIKit view behind a SwiftUI view, carrying the tooltip identifier: SwiftUI draws a
/// plain view without a `UIView` of its own, so the tooltip presenter, which places tooltips
/// next to UIKit views, would find nothing to point at. The anchor takes the SwiftUI view's
/// frame, draws nothing and takes no touches.
@available(iOS 14.0, tvOS 14.0, *)
struct TooltipAnchor: UIViewRepresentable {
    let identifier: String

    func makeUIView(context: Context) -> UIView {
        let view = UIView()
        view.backgroundColor = .clear
        view.isUserInteractionEnabled = false
        view.isAccessibilityElement = false
        view.accessibilityIdentifier = identifier
        return view
    }

    func updateUIView(_ view: UIView, context: Context) {
        view.accessibilityIdentifier = identifier
    }
}
#endif
