#if canImport(UIKit)
import Marquee
import MarqueeModel
import MarqueeRender
import UIKit

/// One App Inbox message in full for UIKit, on the same ``InboxDetailViewModel`` as the SwiftUI
/// detail: a large square image (or a gray placeholder), the time, the title, the body with its
/// links working, the main action's button and one button per link action. Appearing tracks
/// the open and marks the message read; buttons and links track the click, then open.
@MainActor
public final class MarqueeInboxDetailViewController: UIViewController, UITextViewDelegate {
    /// The detail's logic.
    public let model: InboxDetailViewModel

    /// The views, public so an app can restyle them (fonts, colours, button shapes).
    public let imageView = UIImageView()
    public let timeLabel = UILabel()
    public let titleLabel = UILabel()
    public let bodyView = UITextView()
    public let buttonStack = UIStackView()
    private let stateLabel = UILabel()
    private var links: [InboxAction] = []
    private var loaded = false

    /// The detail of message `messageID` in the inbox of `context`; `open` follows links (`nil`,
    /// the default: `UIApplication.open`).
    public init(messageID: String, context: InboxViewContext = InboxViewContext(), open: InboxActionOpener? = nil) {
        model = InboxDetailViewModel(messageID: messageID, context: context, open: open ?? { openWithSystem($0) })
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("MarqueeInboxDetailViewController is created in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        layOut()
        model.observe(by: self) { [weak self] in self?.show() }
        show()
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard !loaded else { return }
        loaded = true
        Task { [model] in await model.load() }
    }

    private func layOut() {
        imageView.backgroundColor = .tertiarySystemFill
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.isAccessibilityElement = false
        timeLabel.font = .preferredFont(forTextStyle: .footnote)
        timeLabel.textColor = .secondaryLabel
        titleLabel.font = .preferredFont(forTextStyle: .title2).withWeight(.bold)
        titleLabel.numberOfLines = 0
        bodyView.isEditable = false
        bodyView.isScrollEnabled = false
        bodyView.backgroundColor = .clear
        bodyView.textContainerInset = .zero
        bodyView.textContainer.lineFragmentPadding = 0
        bodyView.linkTextAttributes = [.underlineStyle: NSUnderlineStyle.single.rawValue]
        bodyView.delegate = self
        buttonStack.axis = .vertical
        buttonStack.spacing = 8
        stateLabel.font = .preferredFont(forTextStyle: .headline)
        stateLabel.textAlignment = .center
        stateLabel.numberOfLines = 0

        let texts = UIStackView(arrangedSubviews: [timeLabel, titleLabel, bodyView, buttonStack])
        texts.axis = .vertical
        texts.spacing = 12
        texts.isLayoutMarginsRelativeArrangement = true
        texts.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 16, trailing: 16)
        let content = UIStackView(arrangedSubviews: [imageView, texts])
        content.axis = .vertical
        content.spacing = 12
        content.translatesAutoresizingMaskIntoConstraints = false
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(content)
        stateLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)
        view.addSubview(stateLabel)
        NSLayoutConstraint.activate([
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scroll.topAnchor.constraint(equalTo: view.topAnchor),
            scroll.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor),
            stateLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stateLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stateLabel.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    private func show() {
        let labels = model.context.labels
        switch model.state {
        case .loading:
            showState(labels.loading)
        case .missing:
            showState(labels.missing)
        case .failed(let message):
            showState(message + "\n" + labels.failedDetail)
        case .loaded(let detail):
            showState(nil)
            show(detail)
        }
    }

    private func showState(_ text: String?) {
        stateLabel.text = text
        stateLabel.isHidden = text == nil
        view.subviews.first { $0 is UIScrollView }?.isHidden = text != nil
    }

    private func show(_ detail: InboxDetail) {
        title = detail.title
        timeLabel.text = detail.time
        titleLabel.text = detail.title
        links = detail.richBody.links
        bodyView.attributedText = InboxAttributedText.make(detail.richBody, links: links)
        buttonStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for button in detail.buttons { buttonStack.addArrangedSubview(makeButton(button)) }
        imageView.image = nil
        guard let url = detail.imageURL else { return }
        Task { [weak self] in
            let image = await InboxImageLoader.shared.image(at: url)
            self?.imageView.image = image
        }
    }

    private func makeButton(_ button: InboxDetailButton) -> UIButton {
        let view = UIButton(type: .system)
        view.setTitle(button.title, for: .normal)
        view.titleLabel?.font = .preferredFont(forTextStyle: .headline)
        view.backgroundColor = button.isMainAction ? view.tintColor : .secondarySystemFill
        view.setTitleColor(button.isMainAction ? .white : view.tintColor, for: .normal)
        view.layer.cornerRadius = 10
        view.heightAnchor.constraint(greaterThanOrEqualToConstant: 44).isActive = true
        view.addAction(for: .touchUpInside) { [model] in
            Task { await model.tap(button) }
        }
        return view
    }

    /// A tapped link of the body is followed by the view model (which tracks the click), never by the system.
    private func follow(_ url: URL) {
        guard let index = InboxLinkURL.index(of: url), links.indices.contains(index) else { return }
        let link = links[index]
        Task { [model] in await model.follow(link) }
    }

    @available(iOS 17.0, *)
    public func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem,
                         defaultAction: UIAction) -> UIAction? {
        guard case .link(let url) = textItem.content else { return defaultAction }
        return UIAction { [weak self] _ in self?.follow(url) }
    }

    @available(iOS, introduced: 10.0, deprecated: 17.0)
    public func textView(_ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange,
                         interaction: UITextItemInteraction) -> Bool {
        follow(url)
        return false
    }
}

extension UIControl {
    /// Runs `handler` on `event`; `addAction(_:for:)` needs iOS 14.
    func addAction(for event: UIControl.Event, _ handler: @escaping @MainActor () -> Void) {
        let target = ControlHandler(handler)
        addTarget(target, action: #selector(ControlHandler.fire), for: event)
        objc_setAssociatedObject(self, Unmanaged.passUnretained(target).toOpaque(), target, .OBJC_ASSOCIATION_RETAIN)
    }
}

/// Keeps a control's closure alive for as long as the control.
@MainActor
private final class ControlHandler: NSObject {
    private let handler: @MainActor () -> Void
    init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
    @objc func fire() { handler() }
}
#endif
