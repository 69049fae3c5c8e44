import MarqueeModel

/// Why a profile change was refused (``UserProfileStore``). The API reports it as a 422 naming
/// each field (``APIError/init(_:)-(ProfileError)``); an import reports it on the line.
enum ProfileError: Error, Sendable, Equatable {
    /// The change, or the profile it would make, breaks these rules.
    case invalid([ValidationIssue])
}
