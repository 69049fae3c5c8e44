/// The response of `GET <configURL>`.
public struct ConfigResponse: Sendable, Hashable, Codable {
    public var data: ConfigData

    public init(data: ConfigData) { self.data = data }
}

/// `data` of the config response. `rolloutPercentage` is required: without it a client disables itself.
public struct ConfigData: Sendable, Hashable, Codable {
    public var rolloutPercentage: Int
    public var endpoints: Endpoints?

    public init(rolloutPercentage: Int, endpoints: Endpoints?) {
        self.rolloutPercentage = rolloutPercentage
        self.endpoints = endpoints
    }
}

/// The endpoints a client calls after the config request.
public struct Endpoints: Sendable, Hashable, Codable {
    public var ping: String?
    public var impression: String?
    public var displayPermission: String?
    /// Marquee extension: where the Marquee SDK reports conversions (``ConversionRequest``).
    /// RInAppMessaging clients ignore the key.
    public var conversion: String?
    /// Marquee extension: where the Marquee SDK sets values in its user's profile
    /// (``ProfileUpdateRequest``).
    public var profile: String?
    /// Marquee extension: where the Marquee SDK sends a survey's answers (``SurveyResponseRequest``).
    public var survey: String?
    /// Marquee extension: the live channel (Server-Sent Events: ``LivePreview``, ``LiveDebug``).
    public var live: String?
    /// Marquee extension: where a device pairs with the dashboard (``PairRequest``).
    public var pair: String?
    /// Marquee extension: where a debug session's lines go (``DebugLogRequest``).
    public var debug: String?

    public init(ping: String?, impression: String?, displayPermission: String?, conversion: String? = nil, profile: String? = nil,
                survey: String? = nil, live: String? = nil, pair: String? = nil, debug: String? = nil) {
        self.ping = ping
        self.impression = impression
        self.displayPermission = displayPermission
        self.conversion = conversion
        self.profile = profile
        self.survey = survey
        self.live = live
        self.pair = pair
        self.debug = debug
    }
}

/// The query parameters of the config request.
public enum ConfigQuery {
    public static let platform = "platform"
    public static let appID = "appId"
    public static let appVersion = "appVersion"
    public static let sdkVersion = "sdkVersion"
    public static let locale = "locale"
    public static let rmcSdkVersion = "rmcSdkVersion"
    /// Marquee extension: the platform by name (RInAppMessaging's `platform` codes cover iOS and Android only).
    public static let marqueePlatform = "marqueePlatform"
}

/// Header names of the protocol.
public enum ProtocolHeader {
    public static let subscriptionID = "Subscription-Id"
    public static let deviceID = "device_id"
    public static let authorization = "Authorization"
    /// Marquee extension: the host app's backend's signature of the user ID (lower-case hex
    /// HMAC-SHA256 with the app's identity secret), for apps with identity verification.
    public static let userSignature = "Marquee-User-Signature"
}
