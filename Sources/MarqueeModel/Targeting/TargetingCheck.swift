/// One targeting rule checked against a device.
public struct TargetingCheck: Sendable, Hashable, Codable {
    /// The rules a campaign's targeting may have.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        case audience, userIDs, appVersion, locales, platforms, segments
    }

    public var rule: Rule
    public var passed: Bool
    /// Why, in words ("app version 2.1.0 is not from 3.0.0").
    public var reason: String

    public init(rule: Rule, passed: Bool, reason: String) {
        self.rule = rule
        self.passed = passed
        self.reason = reason
    }
}
