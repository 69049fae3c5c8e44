/// Why impressions, conversions, survey answers or a statistics query were refused. The API reports each as a
/// 4xx error (``APIError/init(_:)-(AnalyticsError)``).
enum AnalyticsError: Error, Sendable, Equatable {
    /// The batch names a campaign this app does not have.
    case campaignNotFound
    /// The batch breaks a rule of the protocol; the text says which.
    case invalidBatch(String)
    /// A statistics query's parameters are wrong; the text says which and why.
    case invalidQuery(String)
    /// Survey answers that do not fit the campaign's survey; the text says which.
    case invalidAnswers(String)
}
