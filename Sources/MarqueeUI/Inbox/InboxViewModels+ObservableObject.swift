#if canImport(Combine)
import Combine

// SwiftUI follows the view models as ObservableObjects (iOS 13 and later), through the publisher
// their observers send to on every change.

extension InboxButtonViewModel: ObservableObject {
    public nonisolated var objectWillChange: ObservableObjectPublisher { observers.publisher }
}

extension InboxListViewModel: ObservableObject {
    public nonisolated var objectWillChange: ObservableObjectPublisher { observers.publisher }
}

extension InboxDetailViewModel: ObservableObject {
    public nonisolated var objectWillChange: ObservableObjectPublisher { observers.publisher }
}
#endif
