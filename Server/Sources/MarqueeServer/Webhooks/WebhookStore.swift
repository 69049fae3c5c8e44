import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// The one place that writes webhook endpoints, their deliveries and attempts.
///
/// An endpoint keeps its place in the event log (`cursor`). A delivery is made from the events
/// after that place in the transaction that moves it, and only while no delivery of the endpoint
/// is waiting: so deliveries go out one at a time, in log order, and a restart, a crash or a
/// second instance loses or repeats none (a delivery sent but not yet marked may be sent again,
/// with the same `Marquee-Delivery` id).
///
/// A delivery stores no copy of its events, only where in the log they are (``Delivery/after``
/// and ``Delivery/through``): each attempt, and each redelivery, reads its body from the log
/// (``body(of:for:)``). So erasing a user, which removes their events from the log, reaches every
/// delivery too, and a redelivery never sends an erased event again.
struct WebhookStore: Sendable {
    static let endpoints = "webhook_endpoints"
    static let deliveries = "webhook_deliveries"
    static let attempts = "webhook_attempts"
    /// Events one delivery carries at most.
    static let eventsPerDelivery = 100
    /// Endpoints an app may have.
    static let maxEndpointsPerApp = 20
    /// Attempts kept per endpoint for the delivery log.
    static let attemptsKept = 200
    /// How long a delivered delivery stays in the delivery log (and can be redelivered), unless
    /// the server sets otherwise.
    static let defaultRetentionDays = 7

    let database: any Database
    let clock: any ServerClock

    private var sql: any SQLDatabase {
        get throws {
            guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
            return sql
        }
    }

    // MARK: - Endpoints

    private struct EndpointRow: Decodable {
        var id: UUID
        var app_id: UUID
        var url: String
        var types: String
        var secret: String
        var status: String
        var created_at: Int64
        var cursor: String
        var failing_since: Int64?

        func endpoint() throws -> WebhookEndpoint {
            guard let status = WebhookEndpoint.Status(rawValue: status), let cursor = EventCursor(cursor) else {
                throw StoredDataError(what: "webhook endpoint \(id)", underlying: "status '\(status)' or cursor '\(cursor)'")
            }
            let types = Set(types.split(separator: ",").compactMap { EventType(rawValue: String($0)) })
            return WebhookEndpoint(id: id, appID: app_id, url: url, types: types, status: status, createdAt: created_at,
                                   failingSince: failing_since, cursor: cursor)
        }
    }

    private static let endpointColumns = "id, app_id, url, types, secret, status, created_at, cursor, failing_since"

    /// Makes an endpoint that receives the events stored from now on; returns it with its secret.
    func create(appID: UUID, url: String, types: Set<EventType>) async throws -> (WebhookEndpoint, secret: String) {
        let sql = try sql
        let count = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(Self.endpoints)
            .where("app_id", .equal, appID).first(decoding: Count.self)?.count ?? 0
        guard count < Self.maxEndpointsPerApp else {
            throw APIError(.conflict, code: .conflict, "an app has at most \(Self.maxEndpointsPerApp) webhooks; delete one first")
        }
        let endpoint = WebhookEndpoint(id: UUID(), appID: appID, url: url, types: types, status: .active, createdAt: clock.nowMillis,
                                       failingSince: nil, cursor: try await EventLog.end(of: appID, on: sql))
        let secret = Secrets.generate(prefix: WebhookSignature.secretPrefix)
        try await sql.insert(into: Self.endpoints)
            .columns("id", "app_id", "url", "types", "secret", "status", "created_at", "cursor")
            .values(SQLBind(endpoint.id), SQLBind(appID), SQLBind(url), SQLBind(Self.text(types)), SQLBind(secret),
                    SQLBind(endpoint.status.rawValue), SQLBind(endpoint.createdAt), SQLBind(endpoint.cursor.description))
            .run()
        return (endpoint, secret)
    }

    private struct Count: Decodable {
        var count: Int
    }

    func list(appID: UUID) async throws -> [WebhookEndpoint] {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM \(ident: Self.endpoints) WHERE app_id = \(bind: appID) ORDER BY created_at, id
            """).all(decoding: EndpointRow.self).map { try $0.endpoint() }
    }

    /// The app's endpoint; 404 when it has none of this id.
    func endpoint(_ id: UUID, appID: UUID) async throws -> WebhookEndpoint {
        try await row(id, appID: appID).endpoint()
    }

    private func row(_ id: UUID, appID: UUID) async throws -> EndpointRow {
        guard let row = try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM \(ident: Self.endpoints) WHERE id = \(bind: id) AND app_id = \(bind: appID)
            """).first(decoding: EndpointRow.self) else { throw APIError.notFound("webhook") }
        return row
    }

    /// Pauses or resumes an endpoint. Resuming one the server disabled starts its day of
    /// failures afresh, and retries what waits at once.
    func setStatus(_ status: WebhookEndpoint.Status, of id: UUID, appID: UUID) async throws -> WebhookEndpoint {
        _ = try await row(id, appID: appID)
        let now = clock.nowMillis
        try await database.writeTransaction { db in
            let sql = try db.sql()
            try await sql.update(Self.endpoints).set("status", to: SQLBind(status.rawValue)).set("failing_since", to: SQLLiteral.null)
                .where("id", .equal, id).run()
            if status == .active {
                try await sql.update(Self.deliveries).set("next_attempt_at", to: SQLBind(now))
                    .where("endpoint_id", .equal, id).where("state", .equal, Delivery.State.waiting.rawValue).run()
            }
        }
        return try await endpoint(id, appID: appID)
    }

    func delete(_ id: UUID, appID: UUID) async throws {
        _ = try await row(id, appID: appID)
        try await database.writeTransaction { db in
            let sql = try db.sql()
            try await sql.delete(from: Self.attempts).where("endpoint_id", .equal, id).run()
            try await sql.delete(from: Self.deliveries).where("endpoint_id", .equal, id).run()
            try await sql.delete(from: Self.endpoints).where("id", .equal, id).run()
        }
    }

    /// Replaces the endpoint's secret; the next delivery is signed with the new one.
    func rotateSecret(of id: UUID, appID: UUID) async throws -> String {
        _ = try await row(id, appID: appID)
        let secret = Secrets.generate(prefix: WebhookSignature.secretPrefix)
        try await sql.update(Self.endpoints).set("secret", to: SQLBind(secret)).where("id", .equal, id).run()
        return secret
    }

    /// Removes every endpoint of the app, with their deliveries, inside the app's deletion.
    static func deleteAll(of appID: UUID, on sql: any SQLDatabase) async throws {
        let ids: SQLQueryString = "SELECT id FROM \(ident: endpoints) WHERE app_id = \(bind: appID)"
        try await sql.raw("DELETE FROM \(ident: attempts) WHERE endpoint_id IN (\(ids))").run()
        try await sql.raw("DELETE FROM \(ident: deliveries) WHERE endpoint_id IN (\(ids))").run()
        try await sql.delete(from: endpoints).where("app_id", .equal, appID).run()
    }

    private static func text(_ types: Set<EventType>) -> String {
        types.map(\.rawValue).sorted().joined(separator: ",")
    }

    // MARK: - Deliveries

    /// One POST to an endpoint: up to ``eventsPerDelivery`` events of its types, those in the log
    /// after ``after`` and up to ``through``, sent until it is answered 2xx.
    struct Delivery: Sendable, Equatable {
        enum State: String, Sendable {
            case waiting
            case delivered
        }

        var id: UUID
        var endpointID: UUID
        var createdAt: Int64
        /// Events it carried when it was made; fewer are sent once some leave the log.
        var events: Int
        /// Its events come after this place in the log…
        var after: EventCursor
        /// …up to this one, included.
        var through: EventCursor
        var state: State
        var attempts: Int
        var nextAttemptAt: Int64
        var deliveredAt: Int64?
    }

    private struct DeliveryRow: Decodable {
        var id: UUID
        var endpoint_id: UUID
        var created_at: Int64
        var events: Int
        var after_cursor: String
        var through_cursor: String
        var state: String
        var attempts: Int
        var next_attempt_at: Int64
        var delivered_at: Int64?

        func delivery() throws -> Delivery {
            guard let state = Delivery.State(rawValue: state), let after = EventCursor(after_cursor),
                  let through = EventCursor(through_cursor) else {
                throw StoredDataError(what: "webhook delivery \(id)", underlying: "state '\(state)' or cursors '\(after_cursor)', '\(through_cursor)'")
            }
            return Delivery(id: id, endpointID: endpoint_id, createdAt: created_at, events: events, after: after, through: through,
                            state: state, attempts: attempts, nextAttemptAt: next_attempt_at, deliveredAt: delivered_at)
        }
    }

    private static let deliveryColumns =
        "id, endpoint_id, created_at, events, after_cursor, through_cursor, state, attempts, next_attempt_at, delivered_at"
    private static let insertedDeliveryColumns =
        ["id", "endpoint_id", "created_at", "events", "after_cursor", "through_cursor", "state", "attempts", "next_attempt_at"]

    private static func insert(_ delivery: Delivery, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: deliveries).columns(insertedDeliveryColumns)
            .values(SQLBind(delivery.id), SQLBind(delivery.endpointID), SQLBind(delivery.createdAt), SQLBind(delivery.events),
                    SQLBind(delivery.after.description), SQLBind(delivery.through.description),
                    SQLBind(delivery.state.rawValue), SQLBind(delivery.attempts), SQLBind(delivery.nextAttemptAt))
            .run()
    }

    /// The endpoint to deliver to, with what it is signed with.
    struct Due: Sendable {
        var endpoint: WebhookEndpoint
        var secret: String
    }

    /// Whether any app has an active endpoint: a read, so an idle server's rounds write nothing.
    func hasActiveEndpoints() async throws -> Bool {
        try await sql.select().column("id").from(Self.endpoints).where("status", .equal, WebhookEndpoint.Status.active.rawValue)
            .limit(1).all().isEmpty == false
    }

    /// Active endpoints no other instance is delivering to; each is this instance's (`owner`)
    /// until `leaseUntil`, unless it renews.
    func claimActive(owner: String, leaseUntil: Int64) async throws -> [Due] {
        let sql = try sql
        let now = clock.nowMillis
        let claimed = try await sql.raw("""
            UPDATE \(ident: Self.endpoints) SET lease_owner = \(bind: owner), lease_until = \(bind: leaseUntil)
            WHERE status = \(bind: WebhookEndpoint.Status.active.rawValue)
              AND (lease_until IS NULL OR lease_until < \(bind: now) OR lease_owner = \(bind: owner))
            RETURNING \(unsafeRaw: Self.endpointColumns)
            """).all(decoding: EndpointRow.self)
        return try claimed.map { Due(endpoint: try $0.endpoint(), secret: $0.secret) }
    }

    /// The endpoint as it is now, with its secret, while it is still active; a lane reads it
    /// when it starts, so a pause, a deletion or another lane's progress is seen.
    func active(_ endpointID: UUID) async throws -> Due? {
        guard let row = try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM \(ident: Self.endpoints)
            WHERE id = \(bind: endpointID) AND status = \(bind: WebhookEndpoint.Status.active.rawValue)
            """).first(decoding: EndpointRow.self) else { return nil }
        return Due(endpoint: try row.endpoint(), secret: row.secret)
    }

    /// Lets go of the endpoints this instance holds, when it stops.
    func release(owner: String) async throws {
        try await sql.update(Self.endpoints).set("lease_until", to: SQLLiteral.null).where("lease_owner", .equal, owner).run()
    }

    /// The endpoint's oldest delivery not yet answered 2xx.
    func waiting(for endpointID: UUID) async throws -> Delivery? {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM \(ident: Self.deliveries)
            WHERE endpoint_id = \(bind: endpointID) AND state = \(bind: Delivery.State.waiting.rawValue)
            ORDER BY created_at, id LIMIT 1
            """).first(decoding: DeliveryRow.self)?.delivery()
    }

    /// Makes the endpoint's next delivery from the events after its place in the log, and moves
    /// the place past them, in one transaction; returns the delivery (`nil` when no event of its
    /// types waits) and where the place is now. The move is made only from the place the endpoint
    /// was read at, so two instances never make the same delivery.
    func makeDelivery(for endpoint: WebhookEndpoint) async throws -> (delivery: Delivery?, cursor: EventCursor) {
        let page = try await EventLog.read(appID: endpoint.appID, after: endpoint.cursor, limit: Self.eventsPerDelivery,
                                           types: endpoint.typeFilter, on: try sql)
        guard page.next != endpoint.cursor else { return (nil, endpoint.cursor) }
        let now = clock.nowMillis
        let id = UUID.timeOrdered(at: Date(millis: now))
        return try await database.writeTransaction { db in
            let sql = try db.sql()
            let moved = try await sql.raw("""
                UPDATE \(ident: Self.endpoints) SET cursor = \(bind: page.next.description)
                WHERE id = \(bind: endpoint.id) AND cursor = \(bind: endpoint.cursor.description) RETURNING id
                """).all()
            // Another instance moved it first (it made this delivery), or only events of other types passed.
            guard !moved.isEmpty else { return (nil, endpoint.cursor) }
            guard let last = page.records.last else { return (nil, page.next) }
            let delivery = Delivery(id: id, endpointID: endpoint.id, createdAt: now, events: page.records.count,
                                    after: endpoint.cursor, through: last.cursor, state: .waiting, attempts: 0, nextAttemptAt: now,
                                    deliveredAt: nil)
            try await Self.insert(delivery, on: sql)
            return (delivery, page.next)
        }
    }

    /// A delivery's body as the log holds its events now, `{"events": [...]}`, and how many it
    /// carries; `nil` when none is left (each was erased, or passed the log's retention). The
    /// delivery's id travels in `Marquee-Delivery`.
    func body(of delivery: Delivery, for endpoint: WebhookEndpoint) async throws -> (text: String, events: Int)? {
        let page = try await EventLog.read(appID: endpoint.appID, after: delivery.after, through: delivery.through,
                                           limit: Self.eventsPerDelivery, types: endpoint.typeFilter, on: try sql)
        return page.records.isEmpty ? nil : (EventLine.batch(page.records), page.records.count)
    }

    /// Marks a delivery whose events have all left the log as done, without sending it: there is
    /// nothing left to send.
    func markEmpty(_ delivery: Delivery) async throws {
        try await sql.update(Self.deliveries).set("state", to: SQLBind(Delivery.State.delivered.rawValue))
            .set("delivered_at", to: SQLBind(clock.nowMillis)).set("events", to: SQLBind(0))
            .where("id", .equal, delivery.id).run()
    }

    /// Removes deliveries delivered before `millis`, with their attempts; returns how many.
    /// Waiting deliveries stay, however old: they are still owed.
    @discardableResult
    func prune(deliveredBefore millis: Int64) async throws -> Int {
        try await database.writeTransaction { db in
            let sql = try db.sql()
            let old: SQLQueryString = """
                SELECT id FROM \(ident: Self.deliveries)
                WHERE state = \(bind: Delivery.State.delivered.rawValue) AND delivered_at < \(bind: millis)
                """
            try await sql.raw("DELETE FROM \(ident: Self.attempts) WHERE delivery_id IN (\(old))").run()
            return try await sql.raw("""
                DELETE FROM \(ident: Self.deliveries)
                WHERE state = \(bind: Delivery.State.delivered.rawValue) AND delivered_at < \(bind: millis) RETURNING id
                """).all().count
        }
    }

    /// What one attempt got: the status answered, or the error that stopped it.
    struct Attempt: Sendable, Equatable {
        var at: Int64
        var status: Int?
        var latencyMilliseconds: Int
        var error: String?

        var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    /// Records an attempt at `delivery`: delivered when it succeeded, else due again at `retryAt`.
    /// Returns since when the endpoint has been failing (`nil` once an attempt succeeded).
    @discardableResult
    func record(_ attempt: Attempt, of delivery: Delivery, retryAt: Int64) async throws -> Int64? {
        try await database.writeTransaction { db in
            let sql = try db.sql()
            try await sql.insert(into: Self.attempts)
                .columns("id", "delivery_id", "endpoint_id", "at", "status", "latency_ms", "error")
                .values(SQLBind(UUID.timeOrdered(at: Date(millis: attempt.at))), SQLBind(delivery.id), SQLBind(delivery.endpointID),
                        SQLBind(attempt.at), SQLBind(attempt.status), SQLBind(attempt.latencyMilliseconds),
                        SQLBind(attempt.error.map { String($0.prefix(500)) }))
                .run()
            var update = sql.update(Self.deliveries).set("attempts", to: SQLBind(delivery.attempts + 1))
            update = attempt.succeeded
                ? update.set("state", to: SQLBind(Delivery.State.delivered.rawValue)).set("delivered_at", to: SQLBind(attempt.at))
                : update.set("next_attempt_at", to: SQLBind(retryAt))
            try await update.where("id", .equal, delivery.id).run()
            if attempt.succeeded {
                try await sql.update(Self.endpoints).set("failing_since", to: SQLLiteral.null).where("id", .equal, delivery.endpointID).run()
            } else {
                try await sql.raw("""
                    UPDATE \(ident: Self.endpoints) SET failing_since = \(bind: attempt.at)
                    WHERE id = \(bind: delivery.endpointID) AND failing_since IS NULL
                    """).run()
            }
            // The log keeps the endpoint's latest attempts.
            try await sql.raw("""
                DELETE FROM \(ident: Self.attempts) WHERE endpoint_id = \(bind: delivery.endpointID) AND id NOT IN (
                  SELECT id FROM \(ident: Self.attempts) WHERE endpoint_id = \(bind: delivery.endpointID)
                  ORDER BY at DESC, id DESC LIMIT \(unsafeRaw: String(Self.attemptsKept)))
                """).run()
            return try await sql.select().column("failing_since").from(Self.endpoints).where("id", .equal, delivery.endpointID)
                .first(decoding: FailingSince.self)?.failing_since
        }
    }

    private struct FailingSince: Decodable {
        var failing_since: Int64?
    }

    /// Stops deliveries to an endpoint that has failed too long; returns whether this call did.
    func disable(_ endpointID: UUID) async throws -> Bool {
        try await !sql.raw("""
            UPDATE \(ident: Self.endpoints) SET status = \(bind: WebhookEndpoint.Status.disabled.rawValue), lease_until = NULL
            WHERE id = \(bind: endpointID) AND status = \(bind: WebhookEndpoint.Status.active.rawValue) RETURNING id
            """).all().isEmpty
    }

    // MARK: - The delivery log

    /// A delivery with its latest attempts, newest first.
    struct LoggedDelivery: Sendable {
        var delivery: Delivery
        var attempts: [Attempt]
    }

    private struct AttemptRow: Decodable {
        var delivery_id: UUID
        var at: Int64
        var status: Int?
        var latency_ms: Int
        var error: String?
    }

    /// The endpoint's latest deliveries, newest first, with their attempts.
    func log(of endpointID: UUID, appID: UUID, limit: Int) async throws -> [LoggedDelivery] {
        _ = try await row(endpointID, appID: appID)
        let sql = try sql
        let deliveries = try await sql.raw("""
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM \(ident: Self.deliveries) WHERE endpoint_id = \(bind: endpointID)
            ORDER BY created_at DESC, id DESC LIMIT \(unsafeRaw: String(limit))
            """).all(decoding: DeliveryRow.self).map { try $0.delivery() }
        guard !deliveries.isEmpty else { return [] }
        let attempts = try await sql.raw("""
            SELECT delivery_id, at, status, latency_ms, error FROM \(ident: Self.attempts)
            WHERE delivery_id IN (\(binds: deliveries.map(\.id))) ORDER BY at DESC, id DESC
            """).all(decoding: AttemptRow.self)
        let byDelivery = Dictionary(grouping: attempts, by: \.delivery_id)
        return deliveries.map { delivery in
            LoggedDelivery(delivery: delivery, attempts: (byDelivery[delivery.id] ?? []).map {
                Attempt(at: $0.at, status: $0.status, latencyMilliseconds: $0.latency_ms, error: $0.error)
            })
        }
    }

    /// Sends a delivery's events again, as they are in the log now, as a new delivery queued
    /// behind those waiting. 404 once the delivery has left the delivery log; 410 when none of
    /// its events is left in the event log (erased, or past its retention).
    func redeliver(_ deliveryID: UUID, of endpointID: UUID, appID: UUID) async throws -> Delivery {
        let endpoint = try await row(endpointID, appID: appID).endpoint()
        let sql = try sql
        guard let original = try await sql.raw("""
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM \(ident: Self.deliveries)
            WHERE id = \(bind: deliveryID) AND endpoint_id = \(bind: endpointID)
            """).first(decoding: DeliveryRow.self)?.delivery() else { throw APIError.notFound("delivery") }
        guard let body = try await body(of: original, for: endpoint) else {
            throw APIError(.gone, code: .deliveryEventsGone,
                           "none of this delivery's events is left in the event log: they were erased or passed its retention")
        }
        let now = clock.nowMillis
        let copy = Delivery(id: UUID.timeOrdered(at: Date(millis: now)), endpointID: endpointID, createdAt: now, events: body.events,
                            after: original.after, through: original.through, state: .waiting, attempts: 0, nextAttemptAt: now,
                            deliveredAt: nil)
        try await Self.insert(copy, on: sql)
        return copy
    }
}
