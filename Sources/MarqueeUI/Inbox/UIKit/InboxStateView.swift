#if canImport(UIKit)
import UIKit

/// What the UIKit inbox shows in place of messages (empty, failed): a sentence, a line that says
/// more, and a button where the user can do something about it.
@MainActor
final class InboxStateView: UIView {
    private let perform: (() -> Void)?

    init(text: String, detail: String?, action: (title: String, perform: () -> Void)? = nil) {
        perform = action?.perform
        super.init(frame: .zero)
        let headline = UILabel()
        headline.text = text
        headline.font = .preferredFont(forTextStyle: .headline)
        let stack = UIStackView(arrangedSubviews: [headline])
        if let detail {
            let line = UILabel()
            line.text = detail
            line.font = .preferredFont(forTextStyle: .subheadline)
            line.textColor = .secondaryLabel
            stack.addArrangedSubview(line)
        }
        for case let label as UILabel in stack.arrangedSubviews {
            label.textAlignment = .center
            label.numberOfLines = 0
            label.adjustsFontForContentSizeCategory = true
        }
        if let action {
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            button.titleLabel?.font = .preferredFont(forTextStyle: .body)
            button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
            stack.addArrangedSubview(button)
        }
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
        ])
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("InboxStateView is created in code") }

    @objc private func tapped() {
        perform?()
    }
}
#endif
