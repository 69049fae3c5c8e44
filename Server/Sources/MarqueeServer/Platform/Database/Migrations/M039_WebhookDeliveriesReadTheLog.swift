import Fluent
import Foundation
import SQLKit

/// Webhook deliveries keep where their events are in the event log instead of a copy of them
/// (``WebhookStore/Delivery``): each attempt reads them from the log, so an erased user's events
/// leave every delivery with the log. Existing deliveries get the range their copy covered, and
/// the copies go.
struct M039_WebhookDeliveriesReadTheLog: AsyncMigration {
    private struct Stored: Decodable {
        var id: UUID
        var body: String
    }

    private struct Batch: Decodable {
        struct Event: Decodable {
            var cursor: String
        }

        var events: [Event]
    }

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        let table = WebhookStore.deliveries
        for column in ["after_cursor", "through_cursor"] {
            try await sql.raw("ALTER TABLE \(ident: table) ADD COLUMN \(ident: column) TEXT NOT NULL DEFAULT '0'").run()
        }
        for row in try await sql.raw("SELECT id, body FROM \(ident: table)").all(decoding: Stored.self) {
            // A body that cannot be read keeps the empty range: there is nothing to send again.
            let cursors = ((try? JSONDecoder().decode(Batch.self, from: Data(row.body.utf8)))?.events ?? []).compactMap { EventCursor($0.cursor) }
            guard let first = cursors.first, let last = cursors.last else { continue }
            try await sql.update(table).set("after_cursor", to: SQLBind(Self.before(first).description))
                .set("through_cursor", to: SQLBind(last.description)).where("id", .equal, row.id).run()
        }
        try await sql.raw("ALTER TABLE \(ident: table) DROP COLUMN body").run()
    }

    /// The place just before `cursor`: no event lies between the two.
    static func before(_ cursor: EventCursor) -> EventCursor {
        if cursor.index > 0 { return EventCursor(transaction: cursor.transaction, sequence: cursor.sequence, index: cursor.index - 1) }
        return EventCursor(transaction: cursor.transaction, sequence: cursor.sequence - 1, index: Int(Int32.max))
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
