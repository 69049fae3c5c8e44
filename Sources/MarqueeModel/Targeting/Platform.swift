/// The device platform, with the RInAppMessaging codes (1 iOS, 2 Android).
public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    case ios, android, linux, macos, web

    /// The RInAppMessaging `platform` code, `nil` for platforms it has none for.
    public var protocolCode: Int? {
        switch self {
        case .ios: 1
        case .android: 2
        case .linux, .macos, .web: nil
        }
    }

    public init?(protocolCode: Int) {
        switch protocolCode {
        case 1: self = .ios
        case 2: self = .android
        default: return nil
        }
    }
}
