import MarqueeModel
import MarqueeWire

// An impression batch read by ``JSONScanner`` (see ``ScannedJSON``).

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
