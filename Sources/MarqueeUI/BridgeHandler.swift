#if canImport(UIKit) && canImport(WebKit)
import WebKit

/// Receives what a rendered message's bridge posts and hands it to `receive`; an object of its
/// own, holding its receiver weakly, so the web view does not retain the view or presenter.
final class BridgeHandler: NSObject, WKScriptMessageHandler {
    private let receive: @MainActor (Any) -> Void

    init(_ receive: @escaping @MainActor (Any) -> Void) {
        self.receive = receive
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        let body = message.body
        MainActor.assumeIsolated { receive(body) }
    }
}
#endif
