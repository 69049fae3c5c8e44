#if canImport(UIKit)
import MarqueeRender
import UIKit

/// Holds a full-screen message's web view, presented over the app's top view controller, so the
/// status bar over the message takes the text the message needs (``StatusBarText``) instead of
/// the app screen's below it, which may vanish on the message's background.
///
/// The app may take it off screen without Marquee (dismissing its own modals on logout or on a
/// deep link dismisses everything presented over them): ``onDisappear`` then tells the presenter,
/// which ends the display as interrupted instead of leaving the message queue waiting for it.
@MainActor
final class StatusBarHostController: UIViewController {
    private let text: StatusBarText
    /// Called when the controller is dismissed; the presenter clears it before dismissing it itself.
    var onDisappear: (@MainActor () -> Void)?

    init(text: StatusBarText) {
        self.text = text
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overFullScreen
        // An over-full-screen controller takes the status bar's appearance only when it asks to.
        modalPresentationCapturesStatusBarAppearance = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("StatusBarHostController is made in code")
    }

    override func loadView() {
        let view = UIView()
        view.backgroundColor = .clear
        self.view = view
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Covered by a view controller the app presented over it, it is still there, and shows again.
        guard isBeingDismissed || presentingViewController == nil else { return }
        let onDisappear = self.onDisappear
        self.onDisappear = nil
        onDisappear?()
    }

    override var preferredStatusBarStyle: UIStatusBarStyle {
        switch text {
        case .dark: .darkContent
        case .light: .lightContent
        }
    }
}
#endif
