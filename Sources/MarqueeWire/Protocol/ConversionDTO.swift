import MarqueeModel

/// The body of `POST <endpoints.conversion>` (a Marquee extension): a user reached a campaign's
/// goal within its window after an impression or a control impression. The server counts one
/// conversion per user per campaign, however often it is sent.
public struct ConversionRequest: Sendable, Hashable, Codable {
    public var campaignId: String
    public var isTest: Bool
    public var userIdentifiers: [UserIdentifierDTO]
    /// The arm the user was in: a variant id or `control`. Absent, the server computes it.
    public var marqueeVariant: String?
    /// When the user saw the campaign (or was held back), in milliseconds since 1970.
    public var exposedAt: Int64
    /// When the goal's event happened, in milliseconds since 1970.
    public var convertedAt: Int64
    /// A client-chosen id: a retried report is recognised.
    public var batchId: String?

    public init(campaignId: String, isTest: Bool, userIdentifiers: [UserIdentifierDTO], marqueeVariant: String?,
                exposedAt: Int64, convertedAt: Int64, batchId: String?) {
        self.campaignId = campaignId
        self.isTest = isTest
        self.userIdentifiers = userIdentifiers
        self.marqueeVariant = marqueeVariant
        self.exposedAt = exposedAt
        self.convertedAt = convertedAt
        self.batchId = batchId
    }
}

/// The answer to a conversion report.
public struct ConversionReceipt: Sendable, Hashable, Codable {
    /// Why a report was not counted.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The user's conversion for this campaign was counted before.
        case alreadyCounted
        /// The event happened before the exposure or after the goal's window.
        case outsideWindow
        /// The campaign has no goal.
        case noGoal
        /// The goal is a survey answer, which the server counts when it stores the answers.
        case surveyGoal
    }

    /// Whether this report added a conversion.
    public var counted: Bool
    public var reason: Reason?

    public init(counted: Bool, reason: Reason? = nil) {
        self.counted = counted
        self.reason = reason
    }
}
