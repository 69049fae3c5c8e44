/// Which users a campaign is for. Every rule that is set must hold.
public struct Targeting: Sendable, Hashable, Codable, StandardValue {
    public static var standard: Targeting { Targeting() }

    /// Known or anonymous users.
    public enum Audience: String, Sendable, Hashable, Codable, CaseIterable {
        case everyone, anonymousUsers, knownUsers
    }

    @Defaulted<Defaults.Standard<Audience>> public var audience: Audience
    /// Only these user IDs (or ID-tracking identifiers); `nil` means no list.
    public var userIDs: [String]?
    /// Inclusive bounds on the app version.
    public var minAppVersion: AppVersion?
    public var maxAppVersion: AppVersion?
    /// Language tags such as `en` or `pt-br`; `en` also admits `en-gb`. Empty admits every locale.
    @Defaulted<Defaults.EmptyList<String>> public var locales: [String]
    /// Empty admits every platform.
    @Defaulted<Defaults.EmptyList<Platform>> public var platforms: [Platform]
    /// Segments the user must be in, or not; checked only for a user whose membership the server
    /// knows (``DeviceContext/segments``).
    @Defaulted<Defaults.Standard<SegmentTargeting>> public var segments: SegmentTargeting

    public init(audience: Audience = .everyone, userIDs: [String]? = nil, minAppVersion: AppVersion? = nil,
                maxAppVersion: AppVersion? = nil, locales: [String] = [], platforms: [Platform] = [],
                segments: SegmentTargeting = SegmentTargeting()) {
        self.audience = audience
        self.userIDs = userIDs
        self.minAppVersion = minAppVersion
        self.maxAppVersion = maxAppVersion
        self.locales = locales
        self.platforms = platforms
        self.segments = segments
    }

    /// Whether the device and its user are in this campaign's audience.
    ///
    /// A locale or platform rule passes when the device's locale or platform is unknown:
    /// RInAppMessaging clients do not report them in pings, only when asking for display
    /// permission, where the rule is checked again with the real values.
    public func admits(_ device: DeviceContext) -> Bool {
        TargetingCheck.Rule.allCases.allSatisfy { passes($0, for: device) ?? true }
    }

    /// Whether no rule is set: every device is admitted.
    public var admitsEveryone: Bool {
        audience == .everyone && userIDs == nil && minAppVersion == nil && maxAppVersion == nil && locales.isEmpty && platforms.isEmpty
            && segments.isEmpty
    }

    /// Each rule of this targeting that applies, checked against `device`, with the reason in words
    /// (the trigger tester shows them; ``admits(_:)`` is their conjunction).
    public func checks(for device: DeviceContext) -> [TargetingCheck] {
        TargetingCheck.Rule.allCases.compactMap { rule in
            passes(rule, for: device).map { TargetingCheck(rule: rule, passed: $0, reason: reason(rule, passed: $0, for: device)) }
        }
    }

    /// Whether `rule` holds for `device`; `nil` when it does not apply (not set, or a locale or
    /// platform the device did not report).
    private func passes(_ rule: TargetingCheck.Rule, for device: DeviceContext) -> Bool? {
        let identity = device.identity
        switch rule {
        case .audience:
            switch audience {
            case .everyone: return nil
            case .anonymousUsers: return identity.isAnonymous
            case .knownUsers: return !identity.isAnonymous
            }
        case .userIDs:
            guard let userIDs else { return nil }
            return [identity.userID, identity.idTrackingIdentifier].contains { $0.map(userIDs.contains) ?? false }
        case .appVersion:
            guard minAppVersion != nil || maxAppVersion != nil else { return nil }
            guard let version = device.appVersion else { return false }
            return !(minAppVersion.map { version < $0 } ?? false) && !(maxAppVersion.map { version > $0 } ?? false)
        case .locales:
            guard !locales.isEmpty, let locale = device.locale else { return nil }
            return locales.contains { wanted in
                let tag = DeviceContext.normalizedLocale(wanted)
                return locale == tag || locale.hasPrefix(tag + "-")
            }
        case .platforms:
            guard !platforms.isEmpty, let platform = device.platform else { return nil }
            return platforms.contains(platform)
        case .segments:
            guard !segments.isEmpty else { return nil }
            // Unknown membership (an anonymous or unverified user) is in no segment and out of none.
            return device.segments.map(segments.admits) ?? false
        }
    }

    /// Why `rule` passed or not, in words.
    private func reason(_ rule: TargetingCheck.Rule, passed: Bool, for device: DeviceContext) -> String {
        let not = passed ? "" : "not "
        switch rule {
        case .audience:
            return switch audience {
            case .everyone: "everyone is in the audience"
            case .anonymousUsers: passed ? "the user is anonymous, as the audience asks" : "the audience is anonymous users, and this user has an ID"
            case .knownUsers: passed ? "the user is identified, as the audience asks" : "the audience is identified users, and this user is anonymous"
            }
        case .userIDs:
            return "the user is \(not)on the campaign's list of user IDs"
        case .appVersion:
            let range = [minAppVersion.map { "from \($0)" }, maxAppVersion.map { "up to \($0)" }].compactMap { $0 }.joined(separator: " ")
            guard let version = device.appVersion else { return "the app version is unknown; the campaign needs \(range)" }
            return "app version \(version) is \(not)\(range)"
        case .locales:
            return "locale \(device.locale ?? "") is \(not)one of \(locales.joined(separator: ", "))"
        case .platforms:
            return "platform \(device.platform?.rawValue ?? "") is \(not)one of \(platforms.map(\.rawValue).joined(separator: ", "))"
        case .segments:
            guard device.segments != nil else { return "the user's segments are known only for an identified user (a verified one where the app requires it)" }
            return passed ? "the user's segments admit them" : "the user is not in an included segment, or is in an excluded one"
        }
    }
}

extension Targeting.Audience: StandardValue {
    public static var standard: Targeting.Audience { .everyone }
}
