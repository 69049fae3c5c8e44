import Foundation
import MarqueeModel

/// One event as the stream, webhooks and `marquee events export` write it: a JSON object whose
/// `cursor` resumes the stream after it, keys in sorted order. Fields without a value are left out.
enum EventLine {
    /// `records` as NDJSON: one line each, each ending in a newline.
    static func ndjson(_ records: [EventLog.Record]) -> Data {
        var writer = JSONWriter(capacity: records.count * 320)
        for record in records {
            write(record, to: &writer)
            writer.newline()
        }
        return Data(writer.bytes)
    }

    /// A webhook delivery's body: `{"events": [...]}`.
    static func batch(_ records: [EventLog.Record]) -> String {
        var writer = JSONWriter(capacity: records.count * 320)
        writer.object { writer in
            writer.key("events")
            writer.array { writer in
                for record in records { write(record, to: &writer) }
            }
        }
        return writer.text
    }

    static func write(_ record: EventLog.Record, to writer: inout JSONWriter) {
        let entry = record.entry
        writer.object { writer in
            writer.key("appId")
            writer.string(entry.appID.canonical)
            if let campaignID = entry.campaignID {
                writer.key("campaignId")
                writer.string(campaignID.canonical)
            }
            writer.key("cursor")
            writer.string(record.cursor.description)
            writer.key("data")
            writer.object(entry.data)
            if let deviceID = entry.deviceID {
                writer.key("deviceId")
                writer.string(deviceID)
            }
            if let deviceTime = entry.deviceTime {
                writer.key("deviceTime")
                writer.date(millis: deviceTime)
            }
            writer.key("id")
            writer.string(record.id.canonical)
            writer.key("serverTime")
            writer.date(millis: entry.serverTime)
            writer.key("type")
            writer.string(entry.type.rawValue)
            if let userID = entry.userID {
                writer.key("userId")
                writer.string(userID)
            }
            if let variant = entry.variant {
                writer.key("variant")
                writer.string(variant)
            }
        }
    }
}
