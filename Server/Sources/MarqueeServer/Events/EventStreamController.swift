import Fluent
import Foundation
import SQLKit
import Vapor

/// `GET /api/v1/apps/{appID}/events`: the app's event log as NDJSON, from a cursor.
///
/// `after` is the `cursor` of the last event read (none: from the oldest kept), `limit` 1 to
/// 10,000 (default 1,000), `types` a comma-separated list of event types, and `wait` up to 30
/// seconds to hold the request open until an event arrives. The `Marquee-Cursor` header is the
/// cursor to send next, also when no event came. A cursor beyond the newest event is refused (400). Administrators and editors may read it; every
/// read is in the audit log (``AdminArea/events``).
struct EventStreamController {
    static let defaultLimit = 1_000
    static let maxLimit = 10_000
    static let maxWait = 30
    /// How often a waiting read looks again. Events are read from the database, so writes of
    /// every instance are seen alike.
    static let pollInterval: Duration = .milliseconds(200)
    static let cursorHeader = "Marquee-Cursor"

    /// `after` names a position past the newest event this server's log ever held.
    static let cursorBeyondNewest = APIError(
        .badRequest, code: .invalidQuery,
        "after is beyond the newest event: this server never gave out that cursor (it may be another server's, or from "
            + "before a backup was restored); send the last Marquee-Cursor this server answered, or 0 to read from the start")

    struct Query {
        var after = EventCursor.start
        var limit = EventStreamController.defaultLimit
        var types: Set<EventType>?
        var wait = 0

        init(_ req: Request) throws {
            if let text = req.query[String.self, at: "after"] {
                guard let cursor = EventCursor(text) else {
                    throw APIError(.badRequest, code: .invalidQuery, "after must be the cursor of an event, such as 1042.0, or 0 for the start")
                }
                after = cursor
            }
            if let text = req.query[String.self, at: "limit"] {
                guard let value = Int(text), (1...EventStreamController.maxLimit).contains(value) else {
                    throw APIError(.badRequest, code: .invalidQuery, "limit must be a number from 1 to \(EventStreamController.maxLimit)")
                }
                limit = value
            }
            if let text = req.query[String.self, at: "types"] {
                types = try EventType.parseList(text)
            }
            if let text = req.query[String.self, at: "wait"] {
                guard let value = Int(text), (0...EventStreamController.maxWait).contains(value) else {
                    throw APIError(.badRequest, code: .invalidQuery, "wait must be a number of seconds from 0 to \(EventStreamController.maxWait)")
                }
                wait = value
            }
        }
    }

    @Sendable func stream(req: Request) async throws -> Response {
        let appID = try req.authorizedAppID
        let query = try Query(req)
        guard let sql = req.db as? any SQLDatabase else { throw StoreError.notSQL }
        // Echoing such a cursor back would leave a loader waiting, silently, for events that
        // will come under other cursors; it is told at once instead.
        guard try await EventLog.couldHaveIssued(query.after, on: sql) else { throw Self.cursorBeyondNewest }
        let deadline = ContinuousClock.now + .seconds(query.wait)
        var page = try await EventLog.read(appID: appID, after: query.after, limit: query.limit, types: query.types, on: sql)
        while page.records.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: Self.pollInterval)
            page = try await EventLog.read(appID: appID, after: page.next, limit: query.limit, types: query.types, on: sql)
        }
        let response = Response(status: .ok, body: .init(data: EventLine.ndjson(page.records)))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "x-ndjson")
        response.headers.replaceOrAdd(name: Self.cursorHeader, value: page.next.description)
        return response
    }
}
