import Fluent
import Foundation
import MarqueeModel
import SQLKit
import Vapor

/// `/api/v1/apps/:appID/segments`: list, create, read, replace and delete an app's segments; and
/// `/api/v1/apps/:appID/audience`, counting audiences. Behind ``AppAuthorizationMiddleware``;
/// writes go through ``CatalogStore``.
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

    /// `POST …/audience` with `{"rule": …}` (a segment's rule, saved or not) or `{"targeting": …}`
    /// (a campaign's targeting, its segments included): how many known users it admits.
    @Sendable func audience(req: Request) async throws -> AudienceSize {
        struct Input: Decodable {
            var rule: SegmentRule?
            var targeting: Targeting?
        }
        let input = try req.decodeJSON(Input.self)
        let appID = try req.authorizedAppID
        let sql = try req.db.sql()
        var query = AudienceQuery(appID: appID, now: req.marquee.clock.now(), isPostgres: sql.dialect.name == "postgresql")
        switch (input.rule, input.targeting) {
        case (let rule?, nil):
            let issues = Segment(name: "audience", rule: rule).validationIssues()
            guard issues.isEmpty else { throw APIError.validation(issues) }
            return try await Self.count(appID: appID, where: query.condition(rule), req: req)
        case (nil, let targeting?):
            let records = try await SegmentRecord.query(on: req.db).filter(\.$app.$id == appID).all()
            query.segments = Dictionary(uniqueKeysWithValues: try records.map { record in
                let segment = try record.segment()
                return (segment.id, segment)
            })
            guard let condition = query.condition(targeting) else {
                throw APIError.validation([ValidationIssue(field: "targeting.segments", message: "names a segment this app does not have")])
            }
            return try await Self.count(appID: appID, where: condition, req: req)
        default:
            throw APIError(.badRequest, code: "invalid_body", "send a rule or a targeting, one of the two")
        }
    }

    /// Counts in the admin lane, leaving a fifth of its budget to scale an unfinished count.
    private static func count(appID: UUID, where condition: SQLQueryString, req: Request) async throws -> AudienceSize {
        let timeLimit = req.marquee.adminLane.settings.budget * 0.8
        return try await req.inAdminLane { database in
            try await AudienceCounter(database: database, timeLimit: timeLimit).count(appID: appID, where: condition)
        }
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
