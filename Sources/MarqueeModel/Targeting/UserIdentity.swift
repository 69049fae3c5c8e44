import Foundation

/// Who is using the app: the identifiers the app supplies. Both empty means the anonymous user.
public struct UserIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    public var userID: String?
    public var idTrackingIdentifier: String?

    public init(userID: String? = nil, idTrackingIdentifier: String? = nil) {
        // Empty strings mean "not set", as RInAppMessaging apps report a logged-out user.
        self.userID = userID.flatMap { $0.isEmpty ? nil : $0 }
        self.idTrackingIdentifier = idTrackingIdentifier.flatMap { $0.isEmpty ? nil : $0 }
    }

    public static let anonymous = UserIdentity()

    public var isAnonymous: Bool { userID == nil && idTrackingIdentifier == nil }

    /// A stable key naming this identity, used for per-user storage and impression counting.
    public var key: String {
        isAnonymous ? "anonymous" : "u:\(userID ?? "")|t:\(idTrackingIdentifier ?? "")"
    }

    public var description: String { isAnonymous ? "anonymous" : key }
}

/// What the server knows about the device asking for campaigns.
public struct DeviceContext: Sendable, Hashable {
    public var identity: UserIdentity
    public var deviceID: String?
    public var appVersion: AppVersion?
    /// A BCP 47 tag, lower case with hyphens (`en-jp`).
    public var locale: String?
    public var platform: Platform?
    /// The segments the user is in (IDs in lower case); `nil` when not known, which only the
    /// server can tell, for an identified user.
    public var segments: Set<String>?

    public init(identity: UserIdentity = .anonymous, deviceID: String? = nil, appVersion: AppVersion? = nil,
                locale: String? = nil, platform: Platform? = nil, segments: Set<String>? = nil) {
        self.identity = identity
        self.deviceID = deviceID
        self.appVersion = appVersion
        self.locale = locale.map(Self.normalizedLocale)
        self.platform = platform
        self.segments = segments
    }

    /// `en_JP@calendar=japanese` → `en-jp`, the form RInAppMessaging clients send.
    public static func normalizedLocale(_ text: String) -> String {
        let base = text.split(separator: "@", maxSplits: 1).first.map(String.init) ?? ""
        return base.replacingOccurrences(of: "_", with: "-").lowercased()
    }
}
