#if canImport(UIKit)
import Marquee
import UIKit

/// The App Inbox button for UIKit: a tray icon and the title, with the unread count as a badge,
/// kept current as the inbox changes. A tap presents ``MarqueeInboxViewController`` in a
/// navigation controller over the view controller that shows the button.
///
/// ```swift
/// let button = MarqueeInboxUIButton()
/// navigationItem.rightBarButtonItem = UIBarButtonItem(customView: button)
/// ```
@MainActor
public final class MarqueeInboxUIButton: UIButton {
    /// The button's logic; read its ``InboxButtonViewModel/unreadCount`` for a badge of your own.
    public let model: InboxButtonViewModel
    private let badge = UILabel()
    private var following: Task<Void, Never>?

    /// A button for the inbox in `context`.
    public init(context: InboxViewContext = InboxViewContext()) {
        model = InboxButtonViewModel(context: context)
        super.init(frame: .zero)
        setTitle(" " + model.title, for: .normal)
        setImage(UIImage(systemName: "tray"), for: .normal)
        badge.font = .preferredFont(forTextStyle: .caption2)
        badge.textColor = .white
        badge.backgroundColor = .systemRed
        badge.textAlignment = .center
        badge.layer.cornerRadius = 8
        badge.clipsToBounds = true
        badge.translatesAutoresizingMaskIntoConstraints = false
        addSubview(badge)
        NSLayoutConstraint.activate([
            badge.centerXAnchor.constraint(equalTo: imageView?.trailingAnchor ?? trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: topAnchor, constant: 4),
            badge.heightAnchor.constraint(equalToConstant: 16),
            badge.widthAnchor.constraint(greaterThanOrEqualToConstant: 16),
        ])
        addTarget(self, action: #selector(openInbox), for: .touchUpInside)
        model.observe(by: self) { [weak self] in self?.showBadge() }
        showBadge()
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("MarqueeInboxUIButton is created in code") }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, following == nil {
            following = Task { [model] in await model.followChanges() }
        } else if window == nil {
            following?.cancel()
            following = nil
        }
    }

    private func showBadge() {
        badge.text = model.badge.map { " \($0) " }
        badge.isHidden = model.badge == nil
        accessibilityValue = model.unreadDescription
    }

    @objc private func openInbox() {
        guard let presenter = nearestViewController() else { return }
        let list = MarqueeInboxViewController(context: model.context)
        let navigation = UINavigationController(rootViewController: list)
        list.navigationItem.leftBarButtonItem = UIBarButtonItem(
            title: model.context.labels.close, style: .plain, target: navigation, action: #selector(UIViewController.marqueeDismissInbox))
        presenter.present(navigation, animated: true)
    }

    private func nearestViewController() -> UIViewController? {
        var responder: UIResponder? = self
        while let next = responder?.next {
            if let controller = next as? UIViewController { return controller }
            responder = next
        }
        return nil
    }
}

extension UIViewController {
    /// Closes a view controller presented over the app (the inbox's Close button).
    @objc func marqueeDismissInbox() {
        dismiss(animated: true)
    }
}
#endif
