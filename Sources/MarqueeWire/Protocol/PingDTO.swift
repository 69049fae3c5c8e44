import MarqueeModel

/// The body of `POST <endpoints.ping>`.
public struct PingRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    public var appVersion: String
    public var supportedCampaignTypes: [SupportedCampaignTypeCode]?
    public var rmcSdkVersion: String?
    // Marquee extensions: keys an RInAppMessaging client never sends.
    /// What the client understands beyond the base protocol; absent means nothing.
    public var marqueeCapabilities: [Capability]?
    public var locale: String?
    public var platform: Platform?
    /// The ``PingExtension/fingerprint`` of the list the client holds for this user: a server
    /// answers ``PingExtension/unchanged`` instead of repeating that list.
    public var marqueeFingerprint: String?
    /// The language the client shows messages in (a BCP 47 tag): a server sends each campaign's
    /// translation along its fallbacks only, not every translation. Absent: every translation.
    public var marqueeLanguage: String?

    public init(userIdentifiers: [UserIdentifierDTO], appVersion: String,
                supportedCampaignTypes: [SupportedCampaignTypeCode]? = [.regular, .pushPrimer],
                rmcSdkVersion: String? = nil, marqueeCapabilities: [Capability]? = nil,
                locale: String? = nil, platform: Platform? = nil, marqueeFingerprint: String? = nil,
                marqueeLanguage: String? = nil) {
        self.userIdentifiers = userIdentifiers
        self.appVersion = appVersion
        self.supportedCampaignTypes = supportedCampaignTypes
        self.rmcSdkVersion = rmcSdkVersion
        self.marqueeCapabilities = marqueeCapabilities
        self.locale = locale
        self.platform = platform
        self.marqueeFingerprint = marqueeFingerprint
        self.marqueeLanguage = marqueeLanguage
    }

    enum CodingKeys: String, CodingKey {
        case userIdentifiers, appVersion, supportedCampaignTypes, rmcSdkVersion, marqueeCapabilities, locale, platform, marqueeFingerprint,
             marqueeLanguage
    }

    /// Unknown campaign type codes and platforms are dropped rather than rejected.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userIdentifiers = try c.decode([UserIdentifierDTO].self, forKey: .userIdentifiers)
        appVersion = try c.decode(String.self, forKey: .appVersion)
        supportedCampaignTypes = try c.decodeIfPresent([Int].self, forKey: .supportedCampaignTypes)?
            .compactMap(SupportedCampaignTypeCode.init(rawValue:))
        rmcSdkVersion = try c.decodeIfPresent(String.self, forKey: .rmcSdkVersion)
        marqueeCapabilities = try c.decodeIfPresent([Capability].self, forKey: .marqueeCapabilities)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        platform = try c.decodeIfPresent(String.self, forKey: .platform).flatMap(Platform.init(rawValue:))
        // Lenient: a fingerprint that is not a string is no fingerprint, and the full list is sent.
        marqueeFingerprint = try? c.decodeIfPresent(String.self, forKey: .marqueeFingerprint)
        // Lenient too: a language that is not a string asks for every translation.
        marqueeLanguage = try? c.decodeIfPresent(String.self, forKey: .marqueeLanguage)
    }

    /// Whether the client can show push-primer buttons (clients that send no list cannot).
    public var supportsPushPrimer: Bool { supportedCampaignTypes?.contains(.pushPrimer) ?? false }
}

/// The ping response. Every key is required by RInAppMessaging clients.
public struct PingResponse: Sendable, Hashable, Codable {
    public var currentPingMillis: Int64
    public var nextPingMillis: Int
    public var data: [CampaignEnvelope]
    /// Marquee extension: settings shared by campaigns (frequency caps).
    public var marquee: PingExtension?

    public init(currentPingMillis: Int64, nextPingMillis: Int, data: [CampaignEnvelope], marquee: PingExtension? = nil) {
        self.currentPingMillis = currentPingMillis
        self.nextPingMillis = nextPingMillis
        self.data = data
        self.marquee = marquee
    }
}

/// `{"campaignData": …}`.
public struct CampaignEnvelope: Sendable, Hashable, Codable {
    public var campaignData: CampaignData

    public init(campaignData: CampaignData) { self.campaignData = campaignData }
}

/// The Marquee part of a ping response.
public struct PingExtension: Sendable, Hashable, Codable {
    public var frequencyCaps: [FrequencyCap]
    /// Identifies this user's campaign list (with the caps and the inbox endpoints); a client
    /// sends it back as ``PingRequest/marqueeFingerprint`` on its next ping.
    public var fingerprint: String?
    /// `true` when the list is the one the client said it holds: `data` is empty and neither
    /// `frequencyCaps` nor `inbox` is repeated; the client keeps what it has.
    public var unchanged: Bool?
    /// Where the App Inbox is served; only for clients that declare ``Capability/inbox``.
    public var inbox: InboxEndpoints?
    /// The user's values for message placeholders (`first_name`…) kept on the server; only for
    /// a user whose ID is verified (identity verification), so no one reads another's.
    public var userAttributes: [String: String]?
    /// Where this user's campaign list is, for clients that declare ``Capability/campaignLists``:
    /// `data` is then empty.
    public var list: CampaignListReference?

    public init(frequencyCaps: [FrequencyCap], inbox: InboxEndpoints? = nil, fingerprint: String? = nil, unchanged: Bool? = nil,
                userAttributes: [String: String]? = nil, list: CampaignListReference? = nil) {
        self.frequencyCaps = frequencyCaps
        self.inbox = inbox
        self.userAttributes = userAttributes
        self.list = list
        self.fingerprint = fingerprint
        self.unchanged = unchanged
    }
}
