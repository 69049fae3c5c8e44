import Fluent
import Foundation
import MarqueeModel

/// A segment row: its name for lookups and uniqueness, its rule as JSON.
final class SegmentRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "segments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: AppRecord
    @Field(key: "name") var name: String
    @Field(key: "rule") var rule: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    /// The stored segment.
    func segment() throws -> Segment {
        do {
            let rule = try MarqueeJSON.decoder().decode(SegmentRule.self, from: Data(self.rule.utf8))
            return Segment(id: try requireID().canonical, name: name, rule: rule)
        } catch {
            throw StoredDataError(what: "segment \(id?.uuidString ?? "?")", underlying: "\(error)")
        }
    }

    func store(_ segment: Segment) throws {
        name = segment.name.trimmingCharacters(in: .whitespacesAndNewlines)
        rule = String(decoding: try MarqueeJSON.encoder().encode(segment.rule), as: UTF8.self)
    }
}
