#if canImport(Combine)
import Combine
#endif

/// The observers of a view model (inbox, placement): UIKit views register with an owner and are dropped when
/// it goes away; SwiftUI subscribes to ``publisher`` (the view models' `objectWillChange`). Plain
/// callbacks work on every platform and every iOS version the SDK supports.
@MainActor
final class ViewModelObservers {
    private struct Entry {
        weak var owner: AnyObject?
        let onChange: @MainActor () -> Void
    }

    private var entries: [Entry] = []

    #if canImport(Combine)
    // nonisolated(unsafe): `objectWillChange` is read from nonisolated code; the publisher locks
    // internally, and it is only sent to from the main actor (`notify`).
    nonisolated(unsafe) let publisher = ObservableObjectPublisher()
    #endif

    init() {}

    func add(owner: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        entries.append(Entry(owner: owner, onChange: onChange))
    }

    /// Tells SwiftUI, then every observer whose owner still lives.
    func notify() {
        #if canImport(Combine)
        publisher.send()
        #endif
        entries.removeAll { $0.owner == nil }
        for entry in entries { entry.onChange() }
    }
}
