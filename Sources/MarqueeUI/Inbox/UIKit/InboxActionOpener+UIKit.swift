#if canImport(UIKit)
import MarqueeModel
import UIKit

/// Opens an inbox action's link with `UIApplication.open`: a web URL in the browser (or the app
/// that claims it as a universal link), a deep link in the app.
@MainActor
func openWithSystem(_ action: InboxAction) {
    guard action.leadsSomewhere, let url = action.url.flatMap(URL.init(string:)) else { return }
    UIApplication.shared.open(url)
}
#endif
