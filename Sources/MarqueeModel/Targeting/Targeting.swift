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

    public init(audience: Audience = .everyone, userIDs: [String]? = nil, minAppVersion: AppVersion? = nil,
                maxAppVersion: AppVersion? = nil, locales: [String] = [], platforms: [Platform] = []) {
        self.audience = audience
        self.userIDs = userIDs
        self.minAppVersion = minAppVersion
        self.maxAppVersion = maxAppVersion
        self.locales = locales
        self.platforms = platforms
    }

    /// Whether the device and its user are in this campaign's audience.
    ///
    /// A locale or platform rule passes when the device's locale or platform is unknown:
    /// RInAppMessaging clients do not report them in pings, only when asking for display
    /// permission, where the rule is checked again with the real values.
    public func admits(_ device: DeviceContext) -> Bool {
        checks(for: device).allSatisfy(\.passed)
    }

    /// Each rule of this targeting that applies, checked against `device`, with the reason in words
    /// (the trigger tester shows them; ``admits(_:)`` is their conjunction).
    public func checks(for device: DeviceContext) -> [TargetingCheck] {
        let identity = device.identity
        var checks: [TargetingCheck] = []
        switch audience {
        case .everyone: break
        case .anonymousUsers:
            checks.append(TargetingCheck(rule: .audience, passed: identity.isAnonymous, reason: identity.isAnonymous
                ? "the user is anonymous, as the audience asks" : "the audience is anonymous users, and this user has an ID"))
        case .knownUsers:
            checks.append(TargetingCheck(rule: .audience, passed: !identity.isAnonymous, reason: identity.isAnonymous
                ? "the audience is identified users, and this user is anonymous" : "the user is identified, as the audience asks"))
        }
        if let userIDs {
            let ids = [identity.userID, identity.idTrackingIdentifier].compactMap { $0 }
            let listed = ids.contains(where: userIDs.contains)
            checks.append(TargetingCheck(rule: .userIDs, passed: listed, reason: listed
                ? "the user is on the campaign's list of user IDs" : "the user is not on the campaign's list of user IDs"))
        }
        if minAppVersion != nil || maxAppVersion != nil {
            let range = [minAppVersion.map { "from \($0)" }, maxAppVersion.map { "up to \($0)" }].compactMap { $0 }.joined(separator: " ")
            if let version = device.appVersion {
                let inRange = !(minAppVersion.map { version < $0 } ?? false) && !(maxAppVersion.map { version > $0 } ?? false)
                checks.append(TargetingCheck(rule: .appVersion, passed: inRange,
                                             reason: "app version \(version) is \(inRange ? "" : "not ")\(range)"))
            } else {
                checks.append(TargetingCheck(rule: .appVersion, passed: false, reason: "the app version is unknown; the campaign needs \(range)"))
            }
        }
        if !locales.isEmpty, let locale = device.locale {
            let admitted = locales.contains { wanted in
                let tag = DeviceContext.normalizedLocale(wanted)
                return locale == tag || locale.hasPrefix(tag + "-")
            }
            checks.append(TargetingCheck(rule: .locales, passed: admitted,
                                         reason: "locale \(locale) is \(admitted ? "" : "not ")one of \(locales.joined(separator: ", "))"))
        }
        if !platforms.isEmpty, let platform = device.platform {
            let admitted = platforms.contains(platform)
            checks.append(TargetingCheck(rule: .platforms, passed: admitted, reason:
                "platform \(platform.rawValue) is \(admitted ? "" : "not ")one of \(platforms.map(\.rawValue).joined(separator: ", "))"))
        }
        return checks
    }
}

extension Targeting.Audience: StandardValue {
    public static var standard: Targeting.Audience { .everyone }
}
