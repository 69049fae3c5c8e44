#if canImport(UIKit)
import MarqueeRender
import UIKit

/// A row of the UIKit inbox list, laid out as the SwiftUI row: the unread dot, the title on one
/// line and the time, two lines of the body, and the image as a square thumbnail.
@MainActor
public final class InboxRowCell: UITableViewCell {
    static let reuseIdentifier = "MarqueeInboxRow"

    /// The views, public so an app can restyle them (fonts, colours).
    public let unreadDot = UIView()
    public let titleLabel = UILabel()
    public let timeLabel = UILabel()
    public let previewLabel = UILabel()
    public let thumbnail = UIImageView()
    private var shownImageURL: URL?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        unreadDot.backgroundColor = tintColor
        unreadDot.layer.cornerRadius = 4
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.numberOfLines = InboxRow.titleLineLimit
        titleLabel.lineBreakMode = .byTruncatingTail
        timeLabel.font = .preferredFont(forTextStyle: .caption1)
        timeLabel.textColor = .secondaryLabel
        timeLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        previewLabel.font = .preferredFont(forTextStyle: .subheadline)
        previewLabel.textColor = .secondaryLabel
        previewLabel.numberOfLines = InboxRow.previewLineLimit
        previewLabel.lineBreakMode = .byTruncatingTail
        thumbnail.backgroundColor = .tertiarySystemFill
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.layer.cornerRadius = 8

        let heading = UIStackView(arrangedSubviews: [titleLabel, timeLabel])
        heading.spacing = 8
        heading.alignment = .firstBaseline
        let texts = UIStackView(arrangedSubviews: [heading, previewLabel])
        texts.axis = .vertical
        texts.spacing = 2
        let row = UIStackView(arrangedSubviews: [unreadDot, texts, thumbnail])
        row.spacing = 12
        row.alignment = .top
        row.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(row)
        NSLayoutConstraint.activate([
            unreadDot.widthAnchor.constraint(equalToConstant: 8),
            unreadDot.heightAnchor.constraint(equalToConstant: 8),
            thumbnail.widthAnchor.constraint(equalToConstant: 56),
            thumbnail.heightAnchor.constraint(equalToConstant: 56),
            row.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            row.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            row.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
        ])
        accessoryType = .disclosureIndicator
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("InboxRowCell is created in code") }

    /// Shows `row`, worded with `labels`.
    func show(_ row: InboxRow, labels: InboxLabels) {
        unreadDot.alpha = row.isUnread ? 1 : 0
        titleLabel.text = row.title
        titleLabel.font = .preferredFont(forTextStyle: .headline).withWeight(row.isUnread ? .bold : .regular)
        timeLabel.text = row.time
        previewLabel.text = row.preview
        accessibilityLabel = [row.isUnread ? labels.unreadDescription : nil, row.title, row.time, row.preview]
            .compactMap { $0 }.joined(separator: ", ")
        thumbnail.isHidden = row.imageURL == nil
        thumbnail.image = nil
        shownImageURL = row.imageURL
        guard let url = row.imageURL else { return }
        Task { [weak self] in
            let image = await InboxImageLoader.shared.image(at: url)
            // The cell may show another row by now.
            guard let self, self.shownImageURL == url else { return }
            self.thumbnail.image = image
        }
    }
}

extension UIFont {
    /// This font with `weight`, keeping its size.
    func withWeight(_ weight: UIFont.Weight) -> UIFont {
        .systemFont(ofSize: pointSize, weight: weight)
    }
}
#endif
