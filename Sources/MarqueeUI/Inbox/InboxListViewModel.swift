import Foundation
import Marquee
import MarqueeModel
import MarqueeRender

/// The logic of the inbox list: what it shows (loading, empty, an error or the rows), fetching on
/// appearance and on pull to refresh, and following every change the device applies (a message
/// read elsewhere, a delete, a change of user) once the list has loaded.
///
/// ```swift
/// let model = InboxListViewModel()
/// Task { await model.run() }   // SwiftUI: .task { await model.run() }
/// ```
@MainActor
public final class InboxListViewModel {
    /// What the list shows.
    public enum State: Sendable, Hashable {
        /// The first fetch is under way.
        case loading
        /// The user has no messages.
        case empty
        /// The inbox could not be loaded and nothing is kept on the device; `message` says so in the
        /// words of ``MarqueeRender/InboxLabels/failed``.
        case failed(message: String)
        /// The messages, newest first.
        case loaded([InboxRow])
    }

    /// What the list shows now.
    public private(set) var state = State.loading { didSet { observers.notify() } }
    /// Why the last fetch failed; `nil` after a fetch that worked.
    public private(set) var lastError: InboxError? { didSet { observers.notify() } }
    /// Who hears of changes: UIKit views through ``observe(by:_:)``, SwiftUI through `objectWillChange`.
    let observers = ViewModelObservers()
    /// The inbox, clock and words the list uses.
    public let context: InboxViewContext
    /// Set once the list shows the user's messages; changes are shown from then on.
    private var hasLoaded = false

    /// A list of the inbox in `context`.
    public init(context: InboxViewContext = InboxViewContext()) {
        self.context = context
    }

    /// The list's title.
    public var title: String { context.labels.title }

    /// Calls `onChange` after every change of what the list shows, for as long as `owner` lives.
    public func observe(by owner: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        observers.add(owner: owner, onChange)
    }

    /// Follows the inbox's changes and fetches it; returns when the calling task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.followChanges() }
            await self.refresh()
        }
    }

    /// Fetches the inbox (pull to refresh). When the fetch fails, the list keeps what it shows, or
    /// shows the messages kept on the device, or else ``State/failed(message:)``.
    public func refresh() async {
        if !hasLoaded { state = .loading }
        do throws(InboxError) {
            let messages = try await context.inbox.fetch()
            lastError = nil
            show(messages)
        } catch {
            lastError = error
            guard !hasLoaded else { return }
            let kept = await context.inbox.messages
            if kept.isEmpty {
                state = .failed(message: context.labels.failed)
            } else {
                show(kept)
            }
        }
    }

    /// Shows every change of the inbox once the list has loaded; returns when the calling task is cancelled.
    public func followChanges() async {
        for await snapshot in context.inbox.changes {
            guard hasLoaded else { continue }
            show(snapshot.messages)
        }
    }

    private func show(_ messages: [InboxMessage]) {
        hasLoaded = true
        let now = context.clock.now
        state = messages.isEmpty ? .empty : .loaded(messages.map { InboxRow($0, labels: context.labels, now: now) })
    }
}
