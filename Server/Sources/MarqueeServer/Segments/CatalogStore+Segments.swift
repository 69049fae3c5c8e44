import Fluent
import Foundation
import MarqueeModel

/// Segments change who is served what, so their writes bump the app's catalog version as
/// campaign writes do: every instance rebuilds its snapshot, and cached answers are dropped.
extension CatalogStore {
    func createSegment(_ input: SegmentInput, in appID: UUID) async throws -> SegmentRecord {
        try await changingCatalog(of: appID) { db in
            let record = SegmentRecord()
            record.id = UUID()
            record.$app.id = appID
            try await Self.validate(input, as: record.requireID(), appID: appID, on: db)
            try record.store(Segment(id: record.requireID().canonical, name: input.name, rule: input.rule))
            try await record.create(on: db)
            return Changed(record, .segment(try record.requireID(), in: appID, before: nil, after: try CatalogChange.snapshot(of: record)))
        }
    }

    func replaceSegment(_ segmentID: UUID, in appID: UUID, with input: SegmentInput) async throws -> SegmentRecord {
        try await changingCatalog(of: appID) { db in
            let record = try await Self.segment(segmentID, in: appID, on: db)
            let before = try CatalogChange.snapshot(of: record)
            try await Self.validate(input, as: segmentID, appID: appID, on: db)
            try record.store(Segment(id: segmentID.canonical, name: input.name, rule: input.rule))
            try await record.update(on: db)
            return Changed(record, .segment(segmentID, in: appID, before: before, after: try CatalogChange.snapshot(of: record)))
        }
    }

    /// Deletes a segment no campaign targets (deleted campaigns aside).
    func deleteSegment(_ segmentID: UUID, in appID: UUID) async throws {
        try await changingCatalog(of: appID) { db in
            let record = try await Self.segment(segmentID, in: appID, on: db)
            let before = try CatalogChange.snapshot(of: record)
            let users = try await CampaignRecord.query(on: db).filter(\.$app.$id == appID).all()
                .filter { try $0.campaign().targeting.segments.all.contains(segmentID.canonical) }
            guard users.isEmpty else { throw CatalogError.segmentInUse(users.map(\.name).sorted()) }
            try await record.delete(on: db)
            return Changed(.segment(segmentID, in: appID, before: before, after: nil))
        }
    }

    /// The segment, if it belongs to the app (another app's id answers 404).
    static func segment(_ segmentID: UUID, in appID: UUID, on db: any Database) async throws -> SegmentRecord {
        guard let record = try await SegmentRecord.query(on: db)
            .filter(\.$id == segmentID).filter(\.$app.$id == appID).first() else {
            throw CatalogError.segmentNotFound
        }
        return record
    }

    /// The IDs of the app's segments, in lower case.
    static func segmentIDs(of appID: UUID, on db: any Database) async throws -> Set<String> {
        Set(try await SegmentRecord.query(on: db).filter(\.$app.$id == appID).all(\.$id).map(\.canonical))
    }

    private static func validate(_ input: SegmentInput, as segmentID: UUID, appID: UUID, on db: any Database) async throws {
        let segment = Segment(id: segmentID.canonical, name: input.name, rule: input.rule)
        let issues = segment.validationIssues()
        guard issues.isEmpty else { throw CatalogError.invalid(issues) }
        let named = input.rule.campaignsInHistory.compactMap(UUID.init(uuidString:))
        let found = Set(try await CampaignRecord.query(on: db).withDeleted().filter(\.$app.$id == appID)
            .filter(\.$id ~~ named).all(\.$id))
        let unknown = named.filter { !found.contains($0) }.map(\.canonical).sorted()
        guard unknown.isEmpty else {
            throw CatalogError.invalid([ValidationIssue(field: "rule", message: "names no campaign of this app: \(unknown.joined(separator: ", "))")])
        }
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let taken = try await SegmentRecord.query(on: db).filter(\.$app.$id == appID).filter(\.$name == name)
            .filter(\.$id != segmentID).count()
        guard taken == 0 else { throw CatalogError.segmentNameTaken(name) }
    }
}
