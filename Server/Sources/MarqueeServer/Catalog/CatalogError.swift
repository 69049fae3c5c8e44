import MarqueeModel

/// Why a write to apps or campaigns was refused (``CatalogStore``). The API reports each as a
/// 4xx error (``APIError/init(_:)-(CatalogError)``).
enum CatalogError: Error, Sendable, Equatable {
    case appNotFound
    case campaignNotFound
    case segmentNotFound
    /// Campaigns still target the segment (their names).
    case segmentInUse([String])
    /// Another segment of the app has this name.
    case segmentNameTaken(String)
    /// The settings or the campaign break these rules.
    case invalid([ValidationIssue])
    /// Another app has this subscription ID.
    case subscriptionIDTaken(String)
}
