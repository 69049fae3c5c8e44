import MarqueeModel
import MarqueeWire

// A ping, and the user identifiers every SDK body carries, read by ``JSONScanner`` (see ``ScannedJSON``).

extension PingRequest: ScannedJSON {
    static func scanned(from bytes: [UInt8]) -> PingRequest? {
        var scanner = JSONScanner(bytes)
        var identifiers: [UserIdentifierDTO]?
        var appVersion, rmcSDKVersion, locale, platform, fingerprint, language: String?
        var types: [Int]?
        var capabilities: [String]?
        let read = scanner.readObject { scanner, key in
            switch key {
            case "userIdentifiers": identifiers = scanner.readArray(UserIdentifierDTO.scanned); return identifiers != nil
            case "appVersion": appVersion = scanner.readString(); return appVersion != nil
            case "supportedCampaignTypes": return scanner.readOptionalArray(into: &types) { $0.readInt() }
            case "rmcSdkVersion": return scanner.readOptionalString(into: &rmcSDKVersion)
            case "marqueeCapabilities": return scanner.readOptionalArray(into: &capabilities) { $0.readString() }
            case "locale": return scanner.readOptionalString(into: &locale)
            case "platform": return scanner.readOptionalString(into: &platform)
            case "marqueeFingerprint": return scanner.readOptionalString(into: &fingerprint)
            case "marqueeLanguage": return scanner.readOptionalString(into: &language)
            default: return false
            }
        }
        guard read, scanner.isAtEnd(), let identifiers, let appVersion else { return nil }
        return PingRequest(userIdentifiers: identifiers, appVersion: appVersion,
                           supportedCampaignTypes: types?.compactMap(SupportedCampaignTypeCode.init(rawValue:)),
                           rmcSdkVersion: rmcSDKVersion, marqueeCapabilities: capabilities?.map(Capability.init(rawValue:)),
                           locale: locale, platform: platform.flatMap(Platform.init(rawValue:)), marqueeFingerprint: fingerprint,
                           marqueeLanguage: language)
    }
}

extension UserIdentifierDTO {
    /// Unknown types read as `invalid`, as the `Decodable` initializer reads them.
    static func scanned(_ scanner: inout JSONScanner) -> UserIdentifierDTO? {
        var id: String?
        var type: Int?
        let read = scanner.readObject { scanner, key in
            switch key {
            case "id": id = scanner.readString(); return id != nil
            case "type": type = scanner.readInt(); return type != nil
            default: return false
            }
        }
        guard read, let id, let type else { return nil }
        return UserIdentifierDTO(id: id, type: UserIdentifierTypeCode(rawValue: type) ?? .invalid)
    }
}
