import Foundation
import Marquee
import MarqueeModel
import MarqueeRender

/// The logic of a message's detail view. Loading it shows the message (from the device once the
/// inbox was fetched), tracks one open through ``Marquee/MarqueeInbox/trackOpened(_:)``, which honours
/// ``Marquee/MarqueeSDK/trackingConsent``, and marks the message read. Tapping a button tracks the click
/// the same way and hands its action to the opener.
@MainActor
public final class InboxDetailViewModel {
    /// What the detail view shows.
    public enum State: Sendable, Hashable {
        /// The message is being read.
        case loading
        /// The user's inbox does not hold the message (deleted, expired or never theirs).
        case missing
        /// The message could not be loaded; `message` says so in the words of
        /// ``MarqueeRender/InboxLabels/failed``.
        case failed(message: String)
        /// The message.
        case loaded(InboxDetail)
    }

    /// What the view shows now.
    public private(set) var state = State.loading { didSet { observers.notify() } }
    /// Why the last load or read mark failed.
    public private(set) var lastError: InboxError? { didSet { observers.notify() } }
    /// Who hears of changes: UIKit views through ``observe(by:_:)``, SwiftUI through `objectWillChange`.
    let observers = ViewModelObservers()
    /// The message shown.
    public let messageID: String
    /// The inbox, clock and words the view uses.
    public let context: InboxViewContext
    private let open: InboxActionOpener
    /// An open is tracked once per detail view, however often it appears.
    private var openTracked = false

    /// The detail of message `messageID`; `open` follows the links of its buttons.
    public init(messageID: String, context: InboxViewContext = InboxViewContext(), open: @escaping InboxActionOpener) {
        self.messageID = messageID
        self.context = context
        self.open = open
    }

    /// Calls `onChange` after every change of what the detail shows, for as long as `owner` lives.
    public func observe(by owner: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        observers.add(owner: owner, onChange)
    }

    /// Shows the message; the first time, tracks its open and marks it read.
    public func load() async {
        do throws(InboxError) {
            guard let message = try await context.inbox.message(id: messageID) else {
                state = .missing
                return
            }
            state = .loaded(InboxDetail(message, labels: context.labels, now: context.clock.now))
            if !openTracked {
                openTracked = true
                await context.inbox.trackOpened(messageID)
            }
            if !message.isRead { try await context.inbox.markRead([messageID]) }
        } catch {
            lastError = error
            if state == .loading { state = .failed(message: context.labels.failed) }
        }
    }

    /// The user tapped `button`: tracks the click, then opens its link.
    public func tap(_ button: InboxDetailButton) async {
        await follow(button.action)
    }

    /// The user tapped a link of the body (``InboxDetail/richBody``): tracks the click as a
    /// button's, then opens it. Only links the body holds are followed.
    public func follow(_ link: InboxAction) async {
        guard case .loaded(let detail) = state,
              detail.richBody.links.contains(link) || detail.buttons.contains(where: { $0.action == link }) else { return }
        await context.inbox.trackClick(link, on: messageID)
        open(link)
    }
}
