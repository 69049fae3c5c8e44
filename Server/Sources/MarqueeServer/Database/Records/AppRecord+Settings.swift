import Foundation
import MarqueeModel

extension AppRecord {
    var testUserIDs: [String] {
        get { Self.decodeJSON([String].self, testUserIDsJSON) ?? [] }
        set { testUserIDsJSON = Self.encodeJSON(newValue) }
    }

    var testDeviceIDs: [String] {
        get { Self.decodeJSON([String].self, testDeviceIDsJSON) ?? [] }
        set { testDeviceIDsJSON = Self.encodeJSON(newValue) }
    }

    var frequencyCaps: [FrequencyCap] {
        get { Self.decodeJSON([FrequencyCap].self, frequencyCapsJSON) ?? [] }
        set { frequencyCapsJSON = Self.encodeJSON(newValue) }
    }

    /// Whether this user or device is one of the app's testers.
    func isTester(_ device: DeviceContext) -> Bool {
        let ids = [device.identity.userID, device.identity.idTrackingIdentifier].compactMap { $0 }
        if ids.contains(where: testUserIDs.contains) { return true }
        return device.deviceID.map(testDeviceIDs.contains) ?? false
    }

    static func encodeJSON<T: Encodable>(_ value: T) -> String {
        (try? MarqueeJSON.encoder().encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        try? MarqueeJSON.decoder().decode(type, from: Data(text.utf8))
    }
}

extension CampaignRecord {
    /// The stored campaign, with the row's id and status as the source of truth.
    func campaign() throws -> Campaign {
        var campaign: Campaign
        do {
            campaign = try MarqueeJSON.decoder().decode(Campaign.self, from: Data(payload.utf8))
        } catch {
            // Stored data, not the request, is at fault: a server error, with the details logged.
            throw StoredDataError(what: "campaign \(id?.uuidString ?? "?")", underlying: "\(error)")
        }
        campaign.id = try requireID().canonical
        campaign.status = CampaignStatus(rawValue: status) ?? .draft
        return campaign
    }

    func store(_ campaign: Campaign) throws {
        name = campaign.name
        status = campaign.status.rawValue
        payload = String(decoding: try MarqueeJSON.encoder().encode(campaign), as: UTF8.self)
    }
}
