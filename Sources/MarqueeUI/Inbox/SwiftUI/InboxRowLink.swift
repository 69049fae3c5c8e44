#if canImport(SwiftUI)
import SwiftUI

/// Links a row of the inbox list to the message's detail, as ``MarqueeInboxList`` builds it: use
/// it in a replacement list (``InboxViewProvider``).
///
/// ```swift
/// List(rows) { row in
///     InboxRowLink(row: row) { BrandedRow(row: row) }
/// }
/// ```
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct InboxRowLink<Label: View>: View {
    private let row: InboxRow
    private let label: Label
    @Environment(\.inboxDetailDestination) private var destination

    /// A link to the detail of `row`'s message, drawn as `label`.
    public init(row: InboxRow, @ViewBuilder label: () -> Label) {
        self.row = row
        self.label = label()
    }

    public var body: some View {
        NavigationLink(destination: destination.view(row.id)) { label }
    }
}

/// Builds the detail view for a message id; ``MarqueeInboxList`` sets it for its rows.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
struct InboxDetailDestination {
    let view: @MainActor (String) -> AnyView
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
private struct InboxDetailDestinationKey: EnvironmentKey {
    static var defaultValue: InboxDetailDestination { InboxDetailDestination { _ in AnyView(EmptyView()) } }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension EnvironmentValues {
    var inboxDetailDestination: InboxDetailDestination {
        get { self[InboxDetailDestinationKey.self] }
        set { self[InboxDetailDestinationKey.self] = newValue }
    }
}
#endif
