#if canImport(UIKit)
import MarqueeRender
import UIKit

/// Holds a full-screen message's web view, presented over the app's top view controller, so the
/// status bar over the message takes the text the message needs (``StatusBarText``) instead of
/// the app screen's below it, which may vanish on the message's background.
@MainActor
final class StatusBarHostController: UIViewController {
    private let text: StatusBarText

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

    override var preferredStatusBarStyle: UIStatusBarStyle {
        switch text {
        case .dark: .darkContent
        case .light: .lightContent
        }
    }
}
#endif
