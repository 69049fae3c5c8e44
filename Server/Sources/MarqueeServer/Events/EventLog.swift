import Foundation
import MarqueeModel
import SQLKit

/// The one log of the facts Marquee stores: every write path appends its events here inside the
/// transaction that stores the fact, so there is no event without its fact and no fact without
/// its event. The stream (``EventStreamController``), webhooks and `marquee events export` read it.
///
/// **Rows.** Events of one write that share their app, campaign, arm, user, device and time (an
/// impression batch, a request's inbox opens) are stored as one row, so a batch of a hundred
/// impressions names its user and device once, as the batch itself does.
///
/// **Order.** Readers page by ``EventCursor``: the writing transaction, the row's sequence
/// number, the event's place in its row. On SQLite one transaction writes at a time, so sequence
/// numbers become visible in order. On PostgreSQL they do not: a transaction that took number 10
/// may commit after one that took 11. So each row also keeps its transaction's id (the column
/// default `pg_current_xact_id()`), the log is ordered by that id first, and a reader sees only
/// rows of transactions older than every transaction still running (`pg_snapshot_xmin`): once
/// such a row is visible, no row can appear before it. Transaction ids are the PostgreSQL
/// server's, not one database's: a long writing transaction in any database of the server holds
/// the stream back until it ends; none is ever skipped.
enum EventLog {
    static let schema = "events"

    /// One event to append, in the transaction that stores its fact.
    struct Entry: Sendable, Equatable {
        var appID: UUID
        var type: EventType
        var campaignID: UUID? = nil
        /// The experiment arm; `nil` without an experiment.
        var variant: String? = nil
        /// `nil` for the team's own changes, and when the user refused tracking.
        var userID: String? = nil
        var deviceID: String? = nil
        /// Milliseconds since 1970 on the device's clock, for facts a device reported.
        var deviceTime: Int64? = nil
        /// Milliseconds since 1970 when the server stored the fact.
        var serverTime: Int64
        /// The event's own fields.
        var data: [String: JSONValue] = [:]

        /// Whether `other` can share this event's row: the same app, campaign, arm, user, device and time.
        func sharesRow(with other: Entry) -> Bool {
            appID == other.appID && campaignID == other.campaignID && variant == other.variant && userID == other.userID
                && deviceID == other.deviceID && serverTime == other.serverTime
        }
    }

    /// An event as the log holds it.
    struct Record: Sendable, Equatable {
        var cursor: EventCursor
        /// Stable: its row's id with the event's place in the row mixed into the last bytes.
        var id: UUID
        var entry: Entry
    }

    /// What a row keeps of each of its events.
    private struct Stored: Decodable {
        var type: String
        var deviceTime: Int64?
        var data: [String: JSONValue]?

        static func scanned(_ scanner: inout JSONScanner) -> Stored? {
            var type: String?
            var deviceTime: Int64?
            var data: [String: JSONValue]?
            let read = scanner.readObject { scanner, key in
                switch key {
                case "type": type = scanner.readString(); return type != nil
                case "deviceTime": deviceTime = scanner.readInt64(); return deviceTime != nil
                case "data": data = scanner.readValue(depth: 2)?.objectValue; return data != nil
                default: return false
                }
            }
            guard read, let type else { return nil }
            return Stored(type: type, deviceTime: deviceTime, data: data)
        }
    }

    /// A row's events: read by ``JSONScanner`` in the form ``storedText(_:)`` writes, else (a
    /// number with a fraction, say) by `JSONDecoder`.
    private static func stored(_ text: String, decoder: JSONDecoder) throws -> [Stored] {
        var scanner = JSONScanner(Array(text.utf8))
        if let events = scanner.readArray(Stored.scanned), scanner.isAtEnd() { return events }
        return try decoder.decode([Stored].self, from: Data(text.utf8))
    }

    /// The `events` column of a row: its events as ``Stored`` reads them, keys in sorted order.
    private static func storedText(_ events: [Entry]) -> String {
        var writer = JSONWriter()
        writer.array { writer in
            for event in events {
                writer.object { writer in
                    if !event.data.isEmpty {
                        writer.key("data")
                        writer.object(event.data)
                    }
                    if let deviceTime = event.deviceTime {
                        writer.key("deviceTime")
                        writer.integer(deviceTime)
                    }
                    writer.key("type")
                    writer.string(event.type.rawValue)
                }
            }
        }
        return writer.text
    }

    private static let insert = RowInsert(
        table: schema, columns: ["id", "app_id", "campaign_id", "variant", "user_id", "device_id", "server_time", "events"])

    /// Appends `entries`, in this order, inside the caller's transaction.
    static func append(_ entries: [Entry], on sql: any SQLDatabase) async throws {
        guard let first = entries.first else { return }
        var rows: [[Entry]] = []
        for entry in entries {
            if let last = rows.last?.first, last.sharesRow(with: entry) { rows[rows.count - 1].append(entry) } else { rows.append([entry]) }
        }
        // Time-ordered ids append to their index rather than landing all over it.
        let ids = UUID.timeOrdered(at: Date(millis: first.serverTime), count: rows.count)
        let values: [[StoredValue]] = zip(ids, rows).map { id, events in
            let shared = events[0]
            return [.uuid(id), .uuid(shared.appID), .text(shared.campaignID?.canonical), .text(shared.variant), .text(shared.userID),
                    .text(shared.deviceID), .integer(Int(shared.serverTime)), .text(storedText(events))]
        }
        try await sql.run(insert, rows: values)
    }

    private struct Row: Decodable {
        var tx: Int64
        var seq: Int64
        var id: UUID
        var app_id: UUID
        var campaign_id: String?
        var variant: String?
        var user_id: String?
        var device_id: String?
        var server_time: Int64
        var events: String
    }

    /// What one read found: up to its limit of events, and the cursor to read on from. The
    /// cursor passes events the type filter left out, so a filtered reader moves on too.
    struct Page: Sendable {
        var records: [Record]
        var next: EventCursor
    }

    /// Rows one query takes, and the most one read looks through for events of its types.
    static let rowsPerQuery = 500
    static let maxRowsPerRead = 20_000

    /// Up to `limit` of the app's events after `cursor`, in log order, up to and including
    /// `through` when given; only `types` when given. What it returns is final: no event can
    /// later appear before the last one.
    static func read(appID: UUID, after cursor: EventCursor, through: EventCursor? = nil, limit: Int, types: Set<EventType>? = nil,
                     on sql: any SQLDatabase) async throws -> Page {
        var page = Page(records: [], next: cursor)
        var rowsRead = 0
        let decoder = MarqueeJSON.decoder()
        while rowsRead < maxRowsPerRead {
            var query: SQLQueryString = """
                SELECT tx, seq, id, app_id, campaign_id, variant, user_id, device_id, server_time, events
                FROM \(ident: schema) WHERE app_id = \(bind: appID)
                """
            if sql.dialect.name == "postgresql" {
                query.appendLiteral(" AND (tx, seq) >= (")
                query.appendInterpolation(bind: page.next.transaction)
                query.appendLiteral(", ")
                query.appendInterpolation(bind: page.next.sequence)
                query.appendLiteral(") AND tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint")
                if let through {
                    query.appendLiteral(" AND (tx, seq) <= (")
                    query.appendInterpolation(bind: through.transaction)
                    query.appendLiteral(", ")
                    query.appendInterpolation(bind: through.sequence)
                    query.appendLiteral(")")
                }
            } else {
                // Every row's transaction is 0 here; SQLite seeks its index on the plain
                // comparison, where it would scan for the row value's.
                query.appendLiteral(" AND tx = 0 AND seq >= ")
                query.appendInterpolation(bind: page.next.sequence)
                if let through {
                    query.appendLiteral(" AND seq <= ")
                    query.appendInterpolation(bind: through.sequence)
                }
            }
            // Every row holds an event at least: without a type filter, `limit` rows are enough.
            let rowLimit = types == nil ? min(rowsPerQuery, limit - page.records.count + 1) : rowsPerQuery
            query.appendLiteral(" ORDER BY tx, seq LIMIT \(rowLimit)")
            let rows = try await sql.raw(query).all(decoding: Row.self)
            for row in rows {
                let events = try stored(row.events, decoder: decoder)
                for (index, event) in events.enumerated() {
                    let position = EventCursor(transaction: row.tx, sequence: row.seq, index: index)
                    guard position > page.next else { continue }
                    if let through, position > through { return page }
                    page.next = position
                    // A type this version no longer writes is passed over.
                    guard let type = EventType(rawValue: event.type), types?.contains(type) ?? true else { continue }
                    page.records.append(Record(cursor: position, id: eventID(row.id, index), entry: Entry(
                        appID: row.app_id, type: type, campaignID: row.campaign_id.flatMap(UUID.init(uuidString:)), variant: row.variant,
                        userID: row.user_id, deviceID: row.device_id, deviceTime: event.deviceTime, serverTime: row.server_time,
                        data: event.data ?? [:])))
                    if page.records.count >= limit { return page }
                }
            }
            rowsRead += rows.count
            if rows.count < rowLimit { break }
        }
        return page
    }

    private struct Position: Decodable {
        var tx: Int64
        var seq: Int64
    }

    /// The cursor after the app's last event that can no longer be preceded by another: where a
    /// reader that wants only what comes next starts.
    static func end(of appID: UUID, on sql: any SQLDatabase) async throws -> EventCursor {
        var query: SQLQueryString = "SELECT tx, seq FROM \(ident: schema) WHERE app_id = \(bind: appID)"
        if sql.dialect.name == "postgresql" {
            query.appendLiteral(" AND tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint")
        }
        query.appendLiteral(" ORDER BY tx DESC, seq DESC LIMIT 1")
        guard let last = try await sql.raw(query).first(decoding: Position.self) else { return .start }
        // Past every event of that row, however many it holds.
        return EventCursor(transaction: last.tx, sequence: last.seq, index: Int(Int32.max))
    }

    private struct Newest: Decodable {
        /// PostgreSQL: the first transaction id not yet given out; SQLite: 0.
        var tx: Int64
        var seq: Int64
    }

    /// Whether the log could have given out `cursor`: it is no later than the newest position
    /// ever written, in any app. Sequence numbers are never taken back (SQLite's `AUTOINCREMENT`,
    /// PostgreSQL's identity sequence), so a cursor stays valid after erasure or retention
    /// removed its event; one beyond is another server's, or a restored backup's, or a typo.
    static func couldHaveIssued(_ cursor: EventCursor, on sql: any SQLDatabase) async throws -> Bool {
        guard cursor != .start else { return true }
        let postgres = sql.dialect.name == "postgresql"
        let query: SQLQueryString = if postgres {
            """
            SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS tx,
                   COALESCE(pg_sequence_last_value(pg_get_serial_sequence(\(bind: schema), 'seq')::regclass), 0) AS seq
            """
        } else {
            "SELECT 0 AS tx, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = \(bind: schema)), 0) AS seq"
        }
        guard let newest = try await sql.raw(query).first(decoding: Newest.self) else { return false }
        let transactionIssued = postgres ? cursor.transaction < newest.tx : cursor.transaction == 0
        return transactionIssued && cursor.sequence <= newest.seq
    }

    /// The id of the event at `index` of the row `rowID`.
    private static func eventID(_ rowID: UUID, _ index: Int) -> UUID {
        var bytes = rowID.uuid
        bytes.14 ^= UInt8(truncatingIfNeeded: index >> 8)
        bytes.15 ^= UInt8(truncatingIfNeeded: index)
        return UUID(uuid: bytes)
    }

    /// Removes every event of the app, inside its deletion.
    static func deleteAll(of appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("app_id", .equal, appID).run()
    }

    /// Removes the user's events, inside the erasure's transaction.
    static func erase(userID: String, appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("app_id", .equal, appID).where("user_id", .equal, userID).run()
    }

    private struct Age: Decodable {
        var seq: Int64
        var server_time: Int64
    }

    /// Removes events stored before `millis`; returns how many rows. Walks the log from its start
    /// in sequence order (the primary key), so an hourly sweep reads only what it removes.
    @discardableResult
    static func prune(storedBefore millis: Int64, on sql: any SQLDatabase) async throws -> Int {
        var removed = 0
        while true {
            let oldest = try await sql.raw("SELECT seq, server_time FROM \(ident: schema) ORDER BY seq LIMIT 1000").all(decoding: Age.self)
            let old = oldest.prefix { $0.server_time < millis }
            guard let last = old.last else { return removed }
            // A row of a transaction that committed meanwhile may hold a lower number: it is new, and stays.
            try await sql.delete(from: schema).where("seq", .lessThanOrEqual, last.seq).where("server_time", .lessThan, millis).run()
            removed += old.count
            if old.count < oldest.count { return removed }
        }
    }
}
