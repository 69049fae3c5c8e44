import Foundation
import MarqueeModel

/// One event as the stream, webhooks and `marquee events export` write it (`openapi.yaml`, schema
/// `Event`): a JSON object whose `cursor` resumes the stream after it, keys in sorted order, fields
/// without a value left out. Read a line with ``MarqueeJSON/decoder()``.
///
/// The server writes lines with ``JSONWriter`` rather than `JSONEncoder`, for speed; a test holds
/// the two to the same bytes, so this type is the shape on the wire.
public struct EventLine: Codable, Sendable, Equatable {
    /// Opaque: the stream resumes after this event.
    public var cursor: String
    /// The event's own id; a webhook may deliver it more than once.
    public var id: String
    /// The event's type (`impression`, `click`, `profile_change`, …).
    public var type: String
    /// The app the event belongs to.
    public var appID: String
    /// The campaign the event is about, if any.
    public var campaignID: String?
    /// The experiment arm.
    public var variant: String?
    /// Absent for the team's own changes, and when the user refused tracking.
    public var userID: String?
    /// The device that reported the fact, if one did.
    public var deviceID: String?
    /// The device's clock, for facts a device reported.
    public var deviceTime: Date?
    /// When the server stored the fact.
    public var serverTime: Date
    /// The event's own fields.
    public var data: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case cursor, id, type, variant, deviceTime, serverTime, data
        case appID = "appId"
        case campaignID = "campaignId"
        case userID = "userId"
        case deviceID = "deviceId"
    }

    /// The line of `record`.
    init(_ record: EventLog.Record) {
        let entry = record.entry
        cursor = record.cursor.description
        id = record.id.canonical
        type = entry.type.rawValue
        appID = entry.appID.canonical
        campaignID = entry.campaignID?.canonical
        variant = entry.variant
        userID = entry.userID
        deviceID = entry.deviceID
        deviceTime = entry.deviceTime.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        serverTime = Date(timeIntervalSince1970: Double(entry.serverTime) / 1000)
        data = entry.data
    }

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

    /// Writes `record`'s line: the keys of ``CodingKeys``, in sorted order.
    static func write(_ record: EventLog.Record, to writer: inout JSONWriter) {
        let entry = record.entry
        writer.object { writer in
            writer.key(CodingKeys.appID.stringValue)
            writer.string(entry.appID.canonical)
            if let campaignID = entry.campaignID {
                writer.key(CodingKeys.campaignID.stringValue)
                writer.string(campaignID.canonical)
            }
            writer.key(CodingKeys.cursor.stringValue)
            writer.string(record.cursor.description)
            writer.key(CodingKeys.data.stringValue)
            writer.object(entry.data)
            if let deviceID = entry.deviceID {
                writer.key(CodingKeys.deviceID.stringValue)
                writer.string(deviceID)
            }
            if let deviceTime = entry.deviceTime {
                writer.key(CodingKeys.deviceTime.stringValue)
                writer.date(millis: deviceTime)
            }
            writer.key(CodingKeys.id.stringValue)
            writer.string(record.id.canonical)
            writer.key(CodingKeys.serverTime.stringValue)
            writer.date(millis: entry.serverTime)
            writer.key(CodingKeys.type.stringValue)
            writer.string(entry.type.rawValue)
            if let userID = entry.userID {
                writer.key(CodingKeys.userID.stringValue)
                writer.string(userID)
            }
            if let variant = entry.variant {
                writer.key(CodingKeys.variant.stringValue)
                writer.string(variant)
            }
        }
    }
}
