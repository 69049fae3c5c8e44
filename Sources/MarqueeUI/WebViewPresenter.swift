#if canImport(UIKit) && canImport(WebKit)
import Marquee
import MarqueeModel
import MarqueeRender
import UIKit
import WebKit

/// Shows every message kind as the HTML that ``MarqueeRender/HTMLRenderer`` draws, in a web view
/// over the app's key window. The rendered page reports taps through the JavaScript bridge; what a
/// tap means is decided by the SDK's cross-platform code (``PresentationResult/init(_:)``).
///
/// A full-screen message whose status bar needs other text than the app's is presented in a
/// view controller of its own over the app's top one. When UIKit refuses that presentation (the
/// app is in a transition) the message goes straight into the window instead; when the app takes
/// that view controller away (dismissing its own modals), the display ends as
/// ``DisplayResolution/interrupted``. While a full-screen message is up, the app's own
/// `present` calls must start from the top view controller, which is the message's.
///
/// ```swift
/// MarqueeSDK.shared.register(presenter: WebViewPresenter())
/// ```
@MainActor
public final class WebViewPresenter: NSObject, RenderingPresenter {
    private var webView: WKWebView?
    /// The controller holding a full-screen message, which sets the status bar over it.
    private var statusBarHost: StatusBarHostController?
    private var current: InAppMessage?
    /// The carousel pages the current display showed.
    private var session = BridgeSession()
    private var completion: (@MainActor (PresentationResult) -> Void)?
    /// Values for placeholders such as `%%first_name%%`, under each message's own
    /// (``InAppMessage/personalization``, the user's attributes).
    public var personalization: [String: String]
    /// The app's style defaults and Marquee's words in the user's language; the SDK sets it on registration.
    public var renderContext = RenderContext.standard
    /// Where the web view sits in the window; `nil` covers the whole window.
    var frame: CGRect? {
        didSet { if let frame { webView?.frame = frame } }
    }
    /// Opens the URLs of button, content and link actions; the system opens them by default.
    public var openURL: @MainActor (URL) -> Void
    /// For UI test tools (Appium, XCUITest) that do not see views laid over the window: the
    /// message goes into the top view controller's view, and the page's elements (each with its
    /// `id` and `aria-label`) are exposed one by one. RInAppMessaging's
    /// `accessibilityCompatibleDisplay`. It may place messages differently in some apps, so it is off by default.
    public var accessibilityCompatibleDisplay = false

    public init(personalization: [String: String] = [:],
                openURL: @escaping @MainActor (URL) -> Void = { UIApplication.shared.open($0) }) {
        self.personalization = personalization
        self.openURL = openURL
    }

    /// Downloads the message's image first, so a message whose image is unreachable is discarded
    /// instead of shown broken; an image the SDK prefetched is there already.
    public func prepareAssets(for message: InAppMessage) async throws {
        guard let text = message.message.image?.url, message.cachedAssets[text] == nil, let url = URL(string: text) else { return }
        let (_, response) = try await URLSession.shared.data(from: url)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw URLError(.badServerResponse)
        }
    }

    public func isReady(for message: InAppMessage) -> Bool {
        keyWindow != nil && webView == nil
    }

    public func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
        guard let window = keyWindow else {
            completion(PresentationResult(.interrupted))
            return
        }
        let configuration = WKWebViewConfiguration()
        configuration.userContentController.add(BridgeHandler { [weak self] in self?.receive($0) }, name: MarqueeBridge.messageHandlerName)
        let webView = WKWebView(frame: frame ?? window.bounds, configuration: configuration)
        if frame == nil { webView.autoresizingMask = [.flexibleWidth, .flexibleHeight] }
        webView.isOpaque = false
        webView.backgroundColor = .clear
        webView.scrollView.isScrollEnabled = false
        webView.accessibilityIdentifier = "marquee.message.\(message.id)"
        let viewport = ViewportSize(width: Double(window.bounds.width), height: Double(window.bounds.height))
        var options = renderContext.options(viewport: viewport, personalization: message.personalization(over: personalization),
                                            showsTooltipTarget: false)
        options.inlineImages = message.inlineImages()
        options.embeddedFonts = BundledFontFiles.main.fonts(named: options.fontNames(for: message.message).all)
        let html = HTMLRenderer(options: options).render(message.message)
        webView.loadHTMLString(html, baseURL: nil)
        let top = Self.topViewController(of: window)
        if accessibilityCompatibleDisplay, let host = top?.view {
            webView.isAccessibilityElement = false
            webView.frame = host.convert(webView.frame, from: window)
            host.addSubview(webView)
        } else if frame == nil, let top, top.viewIfLoaded?.window != nil,
                  let text = options.statusBarText(for: message.message, deviceIsDark: window.traitCollection.userInterfaceStyle == .dark) {
            let host = StatusBarHostController(text: text)
            // Sized as the window before the web view goes in, so presenting resizes neither.
            host.view.frame = window.bounds
            webView.frame = host.view.bounds
            host.view.addSubview(webView)
            top.present(host, animated: false)
            if host.presentingViewController != nil {
                host.onDisappear = { [weak self] in self?.hostLeft() }
                statusBarHost = host
            } else {
                // UIKit refused the presentation (a transition under way): the window shows it, with the app's status bar.
                webView.removeFromSuperview()
                webView.frame = window.bounds
                window.addSubview(webView)
            }
        } else {
            window.addSubview(webView)
        }
        self.webView = webView
        session = BridgeSession()
        current = message
        self.completion = completion
    }

    public func dismiss(_ message: InAppMessage) {
        guard current?.id == message.id else { return }
        tearDown()
    }

    /// Whether the message is still up: its view controller still presented (the app may have
    /// dismissed it), else its web view still in a window.
    public func isShowing(_ message: InAppMessage) -> Bool {
        guard current?.id == message.id else { return false }
        if let statusBarHost { return statusBarHost.presentingViewController != nil }
        return webView?.window != nil
    }

    /// The app took the message's view controller away: the display ends, interrupted.
    private func hostLeft() {
        let completion = self.completion
        tearDown()
        completion?(PresentationResult(.interrupted))
    }

    private func receive(_ body: Any) {
        guard let json = body as? String, let current, let bridge = try? BridgeMessage(json: json) else { return }
        let message = current.message
        if case .surveyAnswered(let answers) = bridge { renderContext.sendSurveyAnswers(answers, of: current) }
        guard let result = session.receive(bridge) else { return }
        if let uri = bridge.action(in: message)?.uri, let url = URL(string: uri) { openURL(url) }
        let completion = self.completion
        tearDown()
        completion?(result)
    }

    private func tearDown() {
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: MarqueeBridge.messageHandlerName)
        webView?.removeFromSuperview()
        webView = nil
        // Marquee takes it down itself: no interruption to report.
        statusBarHost?.onDisappear = nil
        statusBarHost?.presentingViewController?.dismiss(animated: false)
        statusBarHost = nil
        current = nil
        completion = nil
    }

    /// The view controller on top: the root's presented chain, to its end.
    private static func topViewController(of window: UIWindow) -> UIViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    private var keyWindow: UIWindow? {
        UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
            .first { $0.isKeyWindow }
    }
}

#endif
