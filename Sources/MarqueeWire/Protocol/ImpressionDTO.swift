/// The body of `POST <endpoints.impression>`: what happened during one display.
public struct ImpressionRequest: Sendable, Hashable, Codable {
    public var campaignId: String
    public var isTest: Bool
    public var appVersion: String
    public var sdkVersion: String
    public var impressions: [ImpressionDTO]
    public var userIdentifiers: [UserIdentifierDTO]
    public var rmcSdkVersion: String?
    /// Marquee extension: a client-chosen id that makes a retried batch count once.
    public var batchId: String?
    /// Marquee extension: the experiment arm the client acted on, a variant id or `control` (a
    /// control impression: the user was eligible and shown nothing). Absent, the server computes
    /// the arm from the user, as ``ExperimentAssignment`` does on devices.
    public var marqueeVariant: String?

    public init(campaignId: String, isTest: Bool, appVersion: String, sdkVersion: String,
                impressions: [ImpressionDTO], userIdentifiers: [UserIdentifierDTO],
                rmcSdkVersion: String? = nil, batchId: String? = nil, marqueeVariant: String? = nil) {
        self.campaignId = campaignId
        self.isTest = isTest
        self.appVersion = appVersion
        self.sdkVersion = sdkVersion
        self.impressions = impressions
        self.userIdentifiers = userIdentifiers
        self.rmcSdkVersion = rmcSdkVersion
        self.batchId = batchId
        self.marqueeVariant = marqueeVariant
    }
}

/// One recorded interaction, with its time in milliseconds since 1970.
public struct ImpressionDTO: Sendable, Hashable, Codable {
    public var type: ImpressionTypeCode
    public var timestamp: Int64
    /// Marquee extension: the page of a ``ImpressionTypeCode/pageView``, from 0.
    public var marqueePage: Int?

    public init(type: ImpressionTypeCode, timestamp: Int64, marqueePage: Int? = nil) {
        self.type = type
        self.timestamp = timestamp
        self.marqueePage = marqueePage
    }
}
