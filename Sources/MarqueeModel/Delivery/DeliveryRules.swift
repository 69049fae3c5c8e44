import Foundation

/// When and how often a campaign may be shown.
public struct DeliveryRules: Sendable, Hashable, Codable, StandardValue {
    public static var standard: DeliveryRules { DeliveryRules() }

    /// Higher numbers are shown first when one event readies several campaigns.
    @Defaulted<Defaults.Zero> public var priority: Int
    /// Not shown before this time; `nil` means at once.
    public var startTime: Date?
    /// Not shown after this time; `nil` means no end date.
    public var endTime: Date?
    /// Displays per user per device; ignored when `infiniteImpressions` is set.
    @Defaulted<Defaults.One> public var maxImpressions: Int
    @Defaulted<Defaults.False> public var infiniteImpressions: Bool
    /// Seconds that must pass before the same user sees this campaign again; `nil` shows it again
    /// as soon as it is triggered (while impressions remain).
    public var reEligibilitySeconds: Double?
    /// Identifiers of the app's shared frequency caps this campaign counts toward.
    @Defaulted<Defaults.EmptyList<String>> public var frequencyCapIDs: [String]
    /// Milliseconds to wait after this message closes before the next one may show.
    @Defaulted<Defaults.Zero> public var delayAfterCloseMillis: Int

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

    /// Whether `date` falls inside the start/end window.
    public func isLive(at date: Date) -> Bool {
        Self.isLive(at: date, from: startTime, until: endTime)
    }

    /// Whether `date` is inside the window from `start` to `end` (either may be open).
    public static func isLive(at date: Date, from start: Date?, until end: Date?) -> Bool {
        if let start, date < start { return false }
        if let end, date > end { return false }
        return true
    }
}
