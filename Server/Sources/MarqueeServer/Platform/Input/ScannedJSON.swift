import MarqueeModel
import MarqueeWire

/// A request body read by ``JSONScanner`` rather than `JSONDecoder`: the bodies every device
/// sends, where decoding was the largest cost of a request. `scanned(from:)` returns `nil` for
/// anything but the plain form: unknown or repeated keys, numbers with a fraction or exponent,
/// wrong types. `Request.decodeJSON` then decodes with `JSONDecoder`, so every other body gets
/// the same value, or the same error, as before.
protocol ScannedJSON {
    static func scanned(from bytes: [UInt8]) -> Self?
}

extension ImpressionRequest: ScannedJSON {
    static func scanned(from bytes: [UInt8]) -> ImpressionRequest? {
        var scanner = JSONScanner(bytes)
        var campaignID, appVersion, sdkVersion, rmcSDKVersion, batchID, variant: String?
        var isTest: Bool?
        var impressions: [ImpressionDTO]?
        var identifiers: [UserIdentifierDTO]?
        let read = scanner.readObject { scanner, key in
            switch key {
            case "campaignId": campaignID = scanner.readString(); return campaignID != nil
            case "isTest": isTest = scanner.readBool(); return isTest != nil
            case "appVersion": appVersion = scanner.readString(); return appVersion != nil
            case "sdkVersion": sdkVersion = scanner.readString(); return sdkVersion != nil
            case "impressions": impressions = scanner.readArray(ImpressionDTO.scanned); return impressions != nil
            case "userIdentifiers": identifiers = scanner.readArray(UserIdentifierDTO.scanned); return identifiers != nil
            case "rmcSdkVersion": return scanner.readOptionalString(into: &rmcSDKVersion)
            case "batchId": return scanner.readOptionalString(into: &batchID)
            case "marqueeVariant": return scanner.readOptionalString(into: &variant)
            default: return false
            }
        }
        guard read, scanner.isAtEnd(), let campaignID, let isTest, let appVersion, let sdkVersion, let impressions,
              let identifiers else { return nil }
        return ImpressionRequest(campaignId: campaignID, isTest: isTest, appVersion: appVersion, sdkVersion: sdkVersion,
                                 impressions: impressions, userIdentifiers: identifiers, rmcSdkVersion: rmcSDKVersion,
                                 batchId: batchID, marqueeVariant: variant)
    }
}

extension PingRequest: ScannedJSON {
    static func scanned(from bytes: [UInt8]) -> PingRequest? {
        var scanner = JSONScanner(bytes)
        var identifiers: [UserIdentifierDTO]?
        var appVersion, rmcSDKVersion, locale, platform, fingerprint: String?
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
            default: return false
            }
        }
        guard read, scanner.isAtEnd(), let identifiers, let appVersion else { return nil }
        return PingRequest(userIdentifiers: identifiers, appVersion: appVersion,
                           supportedCampaignTypes: types?.compactMap(SupportedCampaignTypeCode.init(rawValue:)),
                           rmcSdkVersion: rmcSDKVersion, marqueeCapabilities: capabilities?.map(Capability.init(rawValue:)),
                           locale: locale, platform: platform.flatMap(Platform.init(rawValue:)), marqueeFingerprint: fingerprint)
    }
}

extension ImpressionDTO {
    static func scanned(_ scanner: inout JSONScanner) -> ImpressionDTO? {
        var type: ImpressionTypeCode?
        var timestamp: Int64?
        var page: Int?
        let read = scanner.readObject { scanner, key in
            switch key {
            case "type": type = scanner.readInt().flatMap(ImpressionTypeCode.init(rawValue:))
                return type != nil
            case "timestamp": timestamp = scanner.readInt64(); return timestamp != nil
            case "marqueePage": page = scanner.readInt(); return page != nil
            default: return false
            }
        }
        guard read, let type, let timestamp else { return nil }
        return ImpressionDTO(type: type, timestamp: timestamp, marqueePage: page)
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

extension JSONScanner {
    mutating func readInt() -> Int? {
        readInt64().flatMap { Int(exactly: $0) }
    }

    /// An array or `null` (an optional field): `false` for anything else.
    mutating func readOptionalArray<Element>(into value: inout [Element]?, _ element: (inout JSONScanner) -> Element?) -> Bool {
        if consumeNull() { value = nil; return true }
        value = readArray(element)
        return value != nil
    }

    /// A string or `null` (an optional field): `false` for anything else.
    mutating func readOptionalString(into value: inout String?) -> Bool {
        if consumeNull() { value = nil; return true }
        value = readString()
        return value != nil
    }
}
