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
        let identity = device.identity
        switch audience {
        case .everyone: break
        case .anonymousUsers: guard identity.isAnonymous else { return false }
        case .knownUsers: guard !identity.isAnonymous else { return false }
        }
        if let userIDs {
            let ids = [identity.userID, identity.idTrackingIdentifier].compactMap { $0 }
            guard ids.contains(where: userIDs.contains) else { return false }
        }
        if minAppVersion != nil || maxAppVersion != nil {
            guard let version = device.appVersion else { return false }
            if let minAppVersion, version < minAppVersion { return false }
            if let maxAppVersion, version > maxAppVersion { return false }
        }
        if !locales.isEmpty, let locale = device.locale {
            let admitted = locales.contains { wanted in
                let tag = DeviceContext.normalizedLocale(wanted)
                return locale == tag || locale.hasPrefix(tag + "-")
            }
            guard admitted else { return false }
        }
        if !platforms.isEmpty, let platform = device.platform {
            guard platforms.contains(platform) else { return false }
        }
        return true
    }
}

extension Targeting.Audience: StandardValue {
    public static var standard: Targeting.Audience { .everyone }
}
