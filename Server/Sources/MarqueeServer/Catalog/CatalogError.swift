import MarqueeModel

/// Why a write to apps or campaigns was refused (``CatalogStore``). The API reports each as a
/// 4xx error (``APIError/init(_:)-(CatalogError)``).
enum CatalogError: Error, Sendable, Equatable {
    case appNotFound
    case campaignNotFound
    /// The settings or the campaign break these rules.
    case invalid([ValidationIssue])
    /// Another app has this subscription ID.
    case subscriptionIDTaken(String)
}
