#if canImport(Combine)
import Combine

// SwiftUI follows the placement view model as an ObservableObject, through the publisher its
// observers send to on every change.
extension PlacementViewModel: ObservableObject {
    public nonisolated var objectWillChange: ObservableObjectPublisher { observers.publisher }
}
#endif
