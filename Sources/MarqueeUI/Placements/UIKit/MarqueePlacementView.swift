#if canImport(UIKit) && canImport(WebKit)
import Marquee
import MarqueeModel
import MarqueeRender
import UIKit
import WebKit

/// A placement in a UIKit screen: shows the embedded content its placement has for the current
/// user, as tall as the content (its intrinsic height; 0 when there is none), follows changes,
/// records one impression per appearance once at least half of it is on screen, and opens the
/// URL of a tapped button.
///
/// ```swift
/// let card = MarqueePlacementView(placement: "home.top")
/// stack.addArrangedSubview(card)
/// ```
@MainActor
public final class MarqueePlacementView: UIView {
    public let model: PlacementViewModel
    /// Opens the URLs of the content's actions; the system opens them by default.
    public var openURL: @MainActor (URL) -> Void
    private let webView: WKWebView
    private var following: Task<Void, Never>?
    /// Checks how much of the content is on screen while the view is in a window: scrolling
    /// moves it without laying it out again.
    private var visibilityTimer: Timer?
    /// The content the web view holds: new content (another campaign, or the same one changed) is loaded again.
    private var loadedContent: PlacementContent?

    public init(placement: String, sdk: MarqueeSDK = .shared,
                openURL: @escaping @MainActor (URL) -> Void = { UIApplication.shared.open($0) }) {
        model = PlacementViewModel(placement: placement, sdk: sdk)
        self.openURL = openURL
        let configuration = WKWebViewConfiguration()
        webView = WKWebView(frame: .zero, configuration: configuration)
        super.init(frame: .zero)
        configuration.userContentController.add(BridgeHandler { [weak self] in self?.receive($0) },
                                                name: MarqueeBridge.messageHandlerName)
        webView.isOpaque = false
        webView.backgroundColor = .clear
        webView.scrollView.isScrollEnabled = false
        webView.accessibilityIdentifier = "marquee.placement.\(placement)"
        webView.frame = bounds
        webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(webView)
        model.observe(by: self) { [weak self] in self?.modelChanged() }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    public override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: model.content == nil ? 0 : CGFloat(model.height))
    }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil {
            following?.cancel()
            following = nil
            visibilityTimer?.invalidate()
            visibilityTimer = nil
            model.disappeared()
        } else {
            if following == nil { following = Task { [model] in await model.followChanges() } }
            visibilityTimer?.invalidate()
            visibilityTimer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] _ in
                MainActor.assumeIsolated { self?.checkVisibility() }
            }
        }
    }

    private func modelChanged() {
        if model.content != loadedContent {
            loadedContent = model.content
            webView.loadHTMLString(model.document() ?? "", baseURL: nil)
        }
        isHidden = model.content == nil
        invalidateIntrinsicContentSize()
        checkVisibility()
    }

    private func checkVisibility() {
        guard let window, !isHidden, model.content != nil, !model.isCounted else { return }
        let frame = convert(bounds, to: window)
        let content = PlacementVisibility.Frame(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        let visible = PlacementVisibility.Frame(x: window.bounds.minX, y: window.bounds.minY,
                                                width: window.bounds.width, height: window.bounds.height)
        Task { [model] in await model.visibilityChanged(content: content, visible: visible) }
    }

    private func receive(_ body: Any) {
        guard let json = body as? String, let bridge = try? BridgeMessage(json: json) else { return }
        Task { [weak self] in
            guard let self, let action = await model.receive(bridge) else { return }
            if let uri = action.uri, let url = URL(string: uri) { openURL(url) }
        }
    }
}
#endif
