import MarqueeModel

/// The body of `POST <endpoints.displayPermission>`, sent before every display.
///
/// Read leniently: Android clients send the subscription only as a header, name the identifiers
/// `userIdentifier`, and may send `null` strings.
public struct DisplayPermissionRequest: Sendable, Hashable, Codable {
    public var subscriptionId: String?
    public var campaignId: String
    public var userIdentifiers: [UserIdentifierDTO]
    /// The RInAppMessaging platform code (1 iOS, 2 Android); absent for platforms it has no code for.
    public var platform: Int?
    /// Marquee extension: the platform by name, for every platform (macOS and Linux have no code).
    public var marqueePlatform: Platform?
    public var appVersion: String?
    public var sdkVersion: String?
    public var locale: String?
    /// `currentPingMillis` of the client's last ping, or 0.
    public var lastPingInMillis: Int64
    public var rmcSdkVersion: String?

    public init(subscriptionId: String?, campaignId: String, userIdentifiers: [UserIdentifierDTO], platform: Int?,
                appVersion: String?, sdkVersion: String?, locale: String?, lastPingInMillis: Int64,
                rmcSdkVersion: String? = nil, marqueePlatform: Platform? = nil) {
        self.subscriptionId = subscriptionId
        self.campaignId = campaignId
        self.userIdentifiers = userIdentifiers
        self.platform = platform
        self.appVersion = appVersion
        self.sdkVersion = sdkVersion
        self.locale = locale
        self.lastPingInMillis = lastPingInMillis
        self.rmcSdkVersion = rmcSdkVersion
        self.marqueePlatform = marqueePlatform
    }

    /// The device's platform: the named one when the client sent it, else the one its code means.
    public var resolvedPlatform: Platform? {
        marqueePlatform ?? platform.flatMap(Platform.init(protocolCode:))
    }

    enum CodingKeys: String, CodingKey {
        case subscriptionId, campaignId, userIdentifiers, platform, appVersion, sdkVersion, locale, lastPingInMillis
        case rmcSdkVersion, marqueePlatform
        /// Android's name for `userIdentifiers`.
        case userIdentifier
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        subscriptionId = try c.decodeIfPresent(String.self, forKey: .subscriptionId)
        campaignId = try c.decode(String.self, forKey: .campaignId)
        userIdentifiers = try c.decodeIfPresent([UserIdentifierDTO].self, forKey: .userIdentifiers)
            ?? c.decodeIfPresent([UserIdentifierDTO].self, forKey: .userIdentifier) ?? []
        platform = try c.decodeIfPresent(Int.self, forKey: .platform)
        appVersion = try c.decodeIfPresent(String.self, forKey: .appVersion)
        sdkVersion = try c.decodeIfPresent(String.self, forKey: .sdkVersion)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        lastPingInMillis = try c.decodeIfPresent(Int64.self, forKey: .lastPingInMillis) ?? 0
        rmcSdkVersion = try c.decodeIfPresent(String.self, forKey: .rmcSdkVersion)
        // A platform this server does not know is dropped, not an error.
        let platformName = (try? c.decodeIfPresent(String.self, forKey: .marqueePlatform)) ?? nil
        marqueePlatform = platformName.flatMap(Platform.init(rawValue:))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(subscriptionId, forKey: .subscriptionId)
        try c.encode(campaignId, forKey: .campaignId)
        try c.encode(userIdentifiers, forKey: .userIdentifiers)
        try c.encodeIfPresent(platform, forKey: .platform)
        try c.encodeIfPresent(appVersion, forKey: .appVersion)
        try c.encodeIfPresent(sdkVersion, forKey: .sdkVersion)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encode(lastPingInMillis, forKey: .lastPingInMillis)
        try c.encodeIfPresent(rmcSdkVersion, forKey: .rmcSdkVersion)
        try c.encodeIfPresent(marqueePlatform, forKey: .marqueePlatform)
    }
}

/// Whether the campaign may be shown now, and whether the client's campaign list is stale.
public struct DisplayPermissionResponse: Sendable, Hashable, Codable {
    public var display: Bool
    public var performPing: Bool

    public init(display: Bool, performPing: Bool) {
        self.display = display
        self.performPing = performPing
    }
}
