import Foundation
import MarqueeModel

/// One event as the stream, webhooks and `marquee events export` write it: a JSON object whose
/// `cursor` resumes the stream after it. Fields without a value are left out.
struct EventLine: Encodable, Sendable {
    var cursor: String
    var id: String
    var type: String
    var appId: String
    var campaignId: String?
    var variant: String?
    var userId: String?
    var deviceId: String?
    var deviceTime: Date?
    var serverTime: Date
    var data: [String: JSONValue]

    init(_ record: EventLog.Record) {
        let entry = record.entry
        cursor = record.cursor.description
        id = record.id.canonical
        type = entry.type.rawValue
        appId = entry.appID.canonical
        campaignId = entry.campaignID?.canonical
        variant = entry.variant
        userId = entry.userID
        deviceId = entry.deviceID
        deviceTime = entry.deviceTime.map(Date.init(millis:))
        serverTime = Date(millis: entry.serverTime)
        data = entry.data
    }

    /// `records` as NDJSON: one line each, each ending in a newline.
    static func ndjson(_ records: [EventLog.Record]) throws -> Data {
        let encoder = MarqueeJSON.encoder()
        var text = Data()
        for record in records {
            text += try encoder.encode(EventLine(record))
            text.append(UInt8(ascii: "\n"))
        }
        return text
    }
}
