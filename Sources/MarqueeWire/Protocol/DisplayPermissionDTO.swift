/// The body of `POST <endpoints.displayPermission>`, sent before every display.
public struct DisplayPermissionRequest: Sendable, Hashable, Codable {
    public var subscriptionId: String
    public var campaignId: String
    public var userIdentifiers: [UserIdentifierDTO]
    public var platform: Int
    public var appVersion: String
    public var sdkVersion: String
    public var locale: String
    /// `currentPingMillis` of the client's last ping, or 0.
    public var lastPingInMillis: Int64
    public var rmcSdkVersion: String?

    public init(subscriptionId: String, campaignId: String, userIdentifiers: [UserIdentifierDTO], platform: Int,
                appVersion: String, sdkVersion: String, locale: String, lastPingInMillis: Int64,
                rmcSdkVersion: String? = nil) {
        self.subscriptionId = subscriptionId
        self.campaignId = campaignId
        self.userIdentifiers = userIdentifiers
        self.platform = platform
        self.appVersion = appVersion
        self.sdkVersion = sdkVersion
        self.locale = locale
        self.lastPingInMillis = lastPingInMillis
        self.rmcSdkVersion = rmcSdkVersion
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
