import MarqueeModel

/// The body of `POST <endpoints.survey>` (a Marquee extension): the answers one display of a
/// survey collected. The server stores them once per display (``batchId``), however often
/// they are sent, for the user the identifiers name.
public struct SurveyResponseRequest: Sendable, Hashable, Codable {
    public var campaignId: String
    public var isTest: Bool
    /// The user's identifiers; empty when the user denied tracking: the answers count, naming no one.
    public var userIdentifiers: [UserIdentifierDTO]
    /// The arm the user was in. Absent, the server computes it.
    public var marqueeVariant: String?
    /// When the survey was sent, in milliseconds since 1970.
    public var answeredAt: Int64
    public var answers: [SurveyAnswer]
    /// The display's id, chosen by the client: a retried request is stored once.
    public var batchId: String

    public init(campaignId: String, isTest: Bool, userIdentifiers: [UserIdentifierDTO], marqueeVariant: String?,
                answeredAt: Int64, answers: [SurveyAnswer], batchId: String) {
        self.campaignId = campaignId
        self.isTest = isTest
        self.userIdentifiers = userIdentifiers
        self.marqueeVariant = marqueeVariant
        self.answeredAt = answeredAt
        self.answers = answers
        self.batchId = batchId
    }
}

/// The answer to a survey response.
public struct SurveyReceipt: Sendable, Hashable, Codable {
    /// Whether this request stored the answers (false when the display's were stored before).
    public var stored: Bool
    /// Whether the answers counted as a conversion of the campaign's goal.
    public var converted: Bool

    public init(stored: Bool, converted: Bool) {
        self.stored = stored
        self.converted = converted
    }
}
