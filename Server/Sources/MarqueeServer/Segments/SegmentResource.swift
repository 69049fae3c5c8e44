import Foundation
import MarqueeModel

/// A segment as the admin API returns it.
struct SegmentResource: JSONResource, Codable {
    var id: String
    var appID: String
    var name: String
    var rule: SegmentRule
    var createdAt: Date?
    var updatedAt: Date?

    init(_ record: SegmentRecord) throws {
        let segment = try record.segment()
        id = segment.id
        appID = record.$app.id.canonical
        name = segment.name
        rule = segment.rule
        createdAt = record.createdAt
        updatedAt = record.updatedAt
    }
}

/// The body of `POST …/segments` and `PUT …/segments/{segmentID}`.
struct SegmentInput: Decodable, Sendable {
    var name: String
    var rule: SegmentRule
}
