#if canImport(SwiftUI)
import MarqueeRender
import SwiftUI

/// A row of the standard list: the unread dot, the title on one line and the time, two lines of
/// the body, and the image as a square thumbnail when the message has one.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct DefaultInboxRow: View {
    private let row: InboxRow
    private let labels: InboxLabels

    /// A row showing `row`, worded with `labels`.
    public init(row: InboxRow, labels: InboxLabels) {
        self.row = row
        self.labels = labels
    }

    public var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Circle()
                .fill(.tint)
                .opacity(row.isUnread ? 1 : 0)
                .frame(width: 8, height: 8)
                .padding(.top, 6)
                .accessibilityLabel(labels.unreadDescription)
                .accessibilityHidden(!row.isUnread)
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline) {
                    Text(row.title)
                        .font(.headline)
                        .fontWeight(row.isUnread ? .bold : .regular)
                        .lineLimit(InboxRow.titleLineLimit)
                        .truncationMode(.tail)
                    Spacer(minLength: 8)
                    Text(row.time)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Text(row.preview)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(InboxRow.previewLineLimit)
                    .truncationMode(.tail)
            }
            if let url = row.imageURL {
                InboxImage(url: url)
                    .frame(width: 56, height: 56)
                    .clipShape(RoundedRectangle(cornerRadius: 8))
            }
        }
        .accessibilityElement(children: .combine)
    }
}
#endif
