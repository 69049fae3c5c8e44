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
        let audience: Audience
        switch (input.rule, input.targeting) {
        case (let rule?, nil):
            let issues = Segment(name: "audience", rule: rule).validationIssues()
            guard issues.isEmpty else { throw APIError.validation(issues) }
            audience = .rule(rule)
        case (nil, let targeting?):
            let records = try await SegmentRecord.query(on: req.db).filter(\.$app.$id == appID).all()
            guard let named = Audience.of(targeting, among: try records.map { try $0.segment() }) else {
                throw APIError.validation([ValidationIssue(field: "targeting.segments", message: "names a segment this app does not have")])
            }
            audience = named
        default:
            throw APIError(.badRequest, code: .invalidBody, "send a rule or a targeting, one of the two")
        }
        return try await Self.count(appID: appID, in: audience, req: req)
    }

    /// Counts in the admin lane, deciding users on its threads, and leaving a fifth of its budget
    /// to scale an unfinished count.
    private static func count(appID: UUID, in audience: Audience, req: Request) async throws -> AudienceSize {
        let lane = req.marquee.adminLane
        let timeLimit = lane.settings.budget * 0.8
        let now = req.marquee.clock.now()
        // The count walks stored rows: the app facts of the last pings are written first.
        await req.marquee.userFacts.flush()
        return try await req.inAdminLane { database in
            try await AudienceCounter(database: database, timeLimit: timeLimit, compute: { try await lane.compute($0) })
                .count(appID: appID, in: audience, now: now)
        }
    }
}

extension Request {
    /// The `:segmentID` path parameter.
    var segmentIDParameter: UUID {
        get throws {
            guard let text = parameters.get("segmentID"), let id = UUID(uuidString: text) else {
                throw APIError(.badRequest, code: .invalidId, "the segment id must be a UUID")
            }
            return id
        }
    }
}
