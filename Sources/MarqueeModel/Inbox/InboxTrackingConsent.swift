/// Whether the user allowed tracking of inbox opens and clicks.
public enum InboxTrackingConsent: String, Sendable, Hashable, Codable, CaseIterable {
    case granted
    /// No open or click is sent, and the server stores none.
    case denied
    /// The app's jurisdiction or purpose needs no consent.
    case notRequired

    /// Whether opens and clicks may be recorded.
    public var allowsTracking: Bool {
        switch self {
        case .granted, .notRequired: true
        case .denied: false
        }
    }
}
