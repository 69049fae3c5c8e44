import Fluent
import Foundation
import MarqueeModel
import SQLKit
import Vapor

/// `/api/v1/apps/:appID/segments`: list, create, read, replace and delete an app's segments, and
/// count audiences, behind ``AppAuthorizationMiddleware``. Writes go through ``CatalogStore``.
struct SegmentsController {
    @Sendable func list(req: Request) async throws -> ListResource<SegmentResource> {
        let records = try await SegmentRecord.query(on: req.db).filter(\.$app.$id == (try req.authorizedAppID))
            .sort(\.$name).sort(\.$id).all()
        return ListResource(items: try records.map { try SegmentResource($0) })
    }

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.decodeJSON(SegmentInput.self)
        let record = try await req.store.createSegment(input, in: try req.authorizedAppID)
        return try Response.json(SegmentResource(record), status: .created)
    }

    @Sendable func read(req: Request) async throws -> SegmentResource {
        try SegmentResource(try await CatalogStore.segment(try req.segmentIDParameter, in: try req.authorizedAppID, on: req.db))
    }

    @Sendable func update(req: Request) async throws -> SegmentResource {
        let input = try req.decodeJSON(SegmentInput.self)
        return try SegmentResource(try await req.store.replaceSegment(try req.segmentIDParameter, in: try req.authorizedAppID, with: input))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.store.deleteSegment(try req.segmentIDParameter, in: try req.authorizedAppID)
        return .noContent
    }

    /// `POST …/segments/audience` with `{"rule": …}`: how many known users a rule (saved or not) admits.
    @Sendable func ruleAudience(req: Request) async throws -> AudienceSize {
        struct Input: Decodable { var rule: SegmentRule }
        let rule = try req.decodeJSON(Input.self).rule
        let issues = Segment(name: "audience", rule: rule).validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        let sql = try req.db.sql()
        let query = AudienceQuery(appID: try req.authorizedAppID, now: req.marquee.clock.now(), isPostgres: sql.dialect.name == "postgresql")
        return try await AudienceCounter(database: sql).count(appID: try req.authorizedAppID, where: query.condition(rule))
    }

    /// `POST …/audience` with `{"targeting": …}`: how many known users a campaign's targeting admits.
    @Sendable func targetingAudience(req: Request) async throws -> AudienceSize {
        struct Input: Decodable { var targeting: Targeting }
        let targeting = try req.decodeJSON(Input.self).targeting
        let appID = try req.authorizedAppID
        let sql = try req.db.sql()
        var query = AudienceQuery(appID: try req.authorizedAppID, now: req.marquee.clock.now(), isPostgres: sql.dialect.name == "postgresql")
        let records = try await SegmentRecord.query(on: req.db).filter(\.$app.$id == appID).all()
        query.segments = Dictionary(uniqueKeysWithValues: try records.map { record in
            let segment = try record.segment()
            return (segment.id, segment)
        })
        guard let condition = query.condition(targeting) else {
            throw APIError.validation([ValidationIssue(field: "targeting.segments", message: "names a segment this app does not have")])
        }
        return try await AudienceCounter(database: sql).count(appID: appID, where: condition)
    }
}

extension Request {
    /// The `:segmentID` path parameter.
    var segmentIDParameter: UUID {
        get throws {
            guard let text = parameters.get("segmentID"), let id = UUID(uuidString: text) else {
                throw APIError(.badRequest, code: "invalid_id", "the segment id must be a UUID")
            }
            return id
        }
    }
}
