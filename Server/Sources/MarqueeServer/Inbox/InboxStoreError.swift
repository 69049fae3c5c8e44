import MarqueeModel

/// Why an App Inbox write or read was refused (``InboxStore``). The API reports each as a 4xx
/// error (``APIError/init(_:)-(InboxStoreError)``).
enum InboxStoreError: Error, Sendable, Equatable {
    case appNotFound
    case messageNotFound
    /// The message or its recipients break these rules.
    case invalid([ValidationIssue])
    /// More message IDs than one update may name.
    case tooManyIDs(maximum: Int)
    /// More tracking events than one batch may carry.
    case tooManyEvents(maximum: Int)
    /// The sync token a client sent cannot be used: unknown, another user's, or too old.
    case resyncRequired
}
