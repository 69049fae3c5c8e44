#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit)
import Marquee
import SwiftUI

/// A placement in a SwiftUI screen: the embedded content its placement has for the current
/// user, as tall as the content (nothing when there is none), following changes and recording
/// one impression per appearance once at least half of it is on screen.
///
/// ```swift
/// VStack {
///     MarqueePlacement("home.top")
///     ProductList()
/// }
/// ```
@available(iOS 14.0, *)
public struct MarqueePlacement: View {
    private let placement: String
    private let sdk: MarqueeSDK

    public init(_ placement: String, sdk: MarqueeSDK = .shared) {
        self.placement = placement
        self.sdk = sdk
    }

    public var body: some View {
        PlacementViewHost(placement: placement, sdk: sdk)
    }
}

/// Keeps one UIKit view for the SwiftUI view's lifetime.
@available(iOS 14.0, *)
private struct PlacementViewHost: View {
    @StateObject private var holder: Holder

    init(placement: String, sdk: MarqueeSDK) {
        _holder = StateObject(wrappedValue: Holder(view: MarqueePlacementView(placement: placement, sdk: sdk)))
    }

    var body: some View {
        PlacementBody(view: holder.view, model: holder.view.model)
    }

    @MainActor
    final class Holder: ObservableObject {
        let view: MarqueePlacementView
        init(view: MarqueePlacementView) { self.view = view }
    }
}

/// The UIKit view at the height its content reported, redrawn as the model changes.
@available(iOS 14.0, *)
private struct PlacementBody: View {
    let view: MarqueePlacementView
    @ObservedObject var model: PlacementViewModel

    var body: some View {
        PlacementRepresentable(view: view)
            .frame(height: model.content == nil ? 0 : CGFloat(model.height))
    }
}

@available(iOS 14.0, *)
private struct PlacementRepresentable: UIViewRepresentable {
    let view: MarqueePlacementView

    func makeUIView(context: Context) -> MarqueePlacementView { view }
    func updateUIView(_ uiView: MarqueePlacementView, context: Context) {}
}
#endif
