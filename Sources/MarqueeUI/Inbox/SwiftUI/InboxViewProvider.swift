#if canImport(SwiftUI)
import SwiftUI

/// Builds the App Inbox's three views: the button, the list and a message's detail. Every
/// requirement has a default (``DefaultInboxButton``, ``DefaultInboxList``, ``DefaultInboxDetail``),
/// so a provider replaces only the views it implements; the behaviour around them (presenting the
/// list, fetching, tracking opens and clicks, marking read) stays in ``MarqueeInboxButton``,
/// ``MarqueeInboxList`` and ``MarqueeInboxDetail``.
///
/// ```swift
/// struct BrandedInbox: InboxViewProvider {
///     func detail(model: InboxDetailViewModel) -> some View {
///         BrandedDetail(model: model)
///     }
/// }
///
/// MarqueeInboxButton(provider: BrandedInbox())
/// ```
///
/// A replacement list links each row with ``InboxRowLink``; ``MarqueeInboxList`` shows the
/// provider's detail for it. A replacement view follows its model with `@ObservedObject`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public protocol InboxViewProvider {
    /// The button's view.
    associatedtype ButtonView: View
    /// The list's view.
    associatedtype ListView: View
    /// The detail's view.
    associatedtype DetailView: View

    /// The button that opens the inbox; call `openInbox` when it is tapped.
    @ViewBuilder func button(model: InboxButtonViewModel, openInbox: @escaping @MainActor () -> Void) -> ButtonView
    /// The list of messages, shown inside a navigation stack.
    @ViewBuilder func list(model: InboxListViewModel) -> ListView
    /// One message in full.
    @ViewBuilder func detail(model: InboxDetailViewModel) -> DetailView
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
extension InboxViewProvider {
    /// ``DefaultInboxButton``.
    public func button(model: InboxButtonViewModel, openInbox: @escaping @MainActor () -> Void) -> some View {
        DefaultInboxButton(model: model, openInbox: openInbox)
    }

    /// ``DefaultInboxList``.
    public func list(model: InboxListViewModel) -> some View {
        DefaultInboxList(model: model)
    }

    /// ``DefaultInboxDetail``.
    public func detail(model: InboxDetailViewModel) -> some View {
        DefaultInboxDetail(model: model)
    }
}

/// The provider of the standard views.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct DefaultInboxViewProvider: InboxViewProvider {
    /// Creates the standard provider.
    public init() {}
}
#endif
