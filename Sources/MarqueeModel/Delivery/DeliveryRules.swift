import Foundation

/// When and how often a campaign may be shown.
public struct DeliveryRules: Sendable, Hashable, Codable {
    /// Higher numbers are shown first when one event readies several campaigns.
    public var priority: Int
    /// Not shown before this time; `nil` means at once.
    public var startTime: Date?
    /// Not shown after this time; `nil` means no end date.
    public var endTime: Date?
    /// Displays per user per device; ignored when `infiniteImpressions` is set.
    public var maxImpressions: Int
    public var infiniteImpressions: Bool
    /// Seconds that must pass before the same user sees this campaign again; `nil` shows it again
    /// as soon as it is triggered (while impressions remain).
    public var reEligibilitySeconds: Double?
    /// Identifiers of the app's shared frequency caps this campaign counts toward.
    public var frequencyCapIDs: [String]
    /// Milliseconds to wait after this message closes before the next one may show.
    public var delayAfterCloseMillis: Int

    public init(priority: Int = 0, startTime: Date? = nil, endTime: Date? = nil, maxImpressions: Int = 1,
                infiniteImpressions: Bool = false, reEligibilitySeconds: Double? = nil,
                frequencyCapIDs: [String] = [], delayAfterCloseMillis: Int = 0) {
        self.priority = priority
        self.startTime = startTime
        self.endTime = endTime
        self.maxImpressions = maxImpressions
        self.infiniteImpressions = infiniteImpressions
        self.reEligibilitySeconds = reEligibilitySeconds
        self.frequencyCapIDs = frequencyCapIDs
        self.delayAfterCloseMillis = delayAfterCloseMillis
    }

    enum CodingKeys: String, CodingKey {
        case priority, startTime, endTime, maxImpressions, infiniteImpressions, reEligibilitySeconds
        case frequencyCapIDs, delayAfterCloseMillis
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        priority = try c.decode(Int.self, forKey: .priority, default: 0)
        startTime = try c.decodeIfPresent(Date.self, forKey: .startTime)
        endTime = try c.decodeIfPresent(Date.self, forKey: .endTime)
        maxImpressions = try c.decode(Int.self, forKey: .maxImpressions, default: 1)
        infiniteImpressions = try c.decode(Bool.self, forKey: .infiniteImpressions, default: false)
        reEligibilitySeconds = try c.decodeIfPresent(Double.self, forKey: .reEligibilitySeconds)
        frequencyCapIDs = try c.decode([String].self, forKey: .frequencyCapIDs, default: [])
        delayAfterCloseMillis = try c.decode(Int.self, forKey: .delayAfterCloseMillis, default: 0)
    }

    /// Whether `date` falls inside the start/end window.
    public func isLive(at date: Date) -> Bool {
        if let startTime, date < startTime { return false }
        if let endTime, date > endTime { return false }
        return true
    }
}
