import Fluent
import Foundation
@testable import MarqueeServer
import SQLKit
import Testing

/// Rows the impression writer stores without SQLKit's encoder (on a SQLite file) are the rows
/// Fluent would store: the same text for a UUID, the same number for a date, so they join with
/// and read back as Fluent's own rows.
@Suite("Rows inserted natively")
struct NativeRowInsertTests {
    @Test func aUUIDsTextIsItsUUIDString() {
        let ids = (0..<1_000).map { _ in UUID() } + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                                                      UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for id in ids { #expect(id.uppercaseText == id.uuidString) }
    }

    @Test func aStatementHasOnePlaceholderGroupPerRowThenItsClause() {
        let insert = RowInsert(table: "pairs", columns: ["left_id", "right_id"], clause: "RETURNING left_id")
        #expect(insert.statement(rows: 1) == "INSERT INTO pairs (left_id, right_id) VALUES (?, ?) RETURNING left_id")
        #expect(insert.statement(rows: 3) == "INSERT INTO pairs (left_id, right_id) VALUES (?, ?), (?, ?), (?, ?) RETURNING left_id")
        #expect(RowInsert(table: "ones", columns: ["one"]).statement(rows: 2) == "INSERT INTO ones (one) VALUES (?), (?)")
    }

    @Test(arguments: TestDatabase.production)
    func aBatchStoredByTheWriterReadsBackAsFluentsRows(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_700_000_000_123),
                                                                          .init(type: 2, timestamp: 1_700_000_000_456)],
                                      batchId: "native-1")
            let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                 deviceID: "device-7", json: body)
            #expect(response.status == .ok, "\(response.text)")

            let sql = try #require(server.app.db as? any SQLDatabase)
            let batch = try #require(try await ImpressionBatchRecord.query(on: server.app.db).first())
            #expect(batch.batchKey == "id:native-1")
            let receivedAt = try #require(batch.receivedAt)
            #expect(abs(receivedAt.timeIntervalSince(server.clock.now())) < 0.001)
            let row = try #require(try await sql.raw("""
                SELECT campaign_id, user_key, device_id, is_test, variant, events FROM impression_batches
                """).first(decoding: BatchRow.self))
            #expect(row.campaign_id.uuidString.lowercased() == campaign)
            #expect(row.user_key == "anonymous" && row.device_id == "device-7" && !row.is_test && row.variant == "")
            #expect(ImpressionEvents(packed: row.events)?.events == [.init(type: .impression, occurredAt: 1_700_000_000_123),
                                                                     .init(type: .actionOne, occurredAt: 1_700_000_000_456)])

            // Joins compare stored values exactly: the batch finds its app and campaign.
            let joined = try await sql.raw("""
                SELECT COUNT(*) AS n FROM impression_batches
                JOIN apps ON apps.id = impression_batches.app_id
                JOIN campaigns ON campaigns.id = impression_batches.campaign_id
                """).first(decoding: Count.self)
            #expect(joined?.n == 1)
        }
    }

    private struct BatchRow: Decodable {
        var campaign_id: UUID
        var user_key: String
        var device_id: String?
        var is_test: Bool
        var variant: String
        var events: Data
    }

    /// More rows than one statement takes, some of them stored before: both paths (SQLKit on
    /// every database, SQLiteNIO on the impression writer's connection) store the new ones and
    /// return exactly those.
    @Test(arguments: TestDatabase.available + [.sqliteFile])
    func aConflictClauseReturnsOnlyTheRowsItStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let insert = RowInsert(table: ImpressionBatchRecord.schema, columns: ["id", "app_id", "batch_key", "received_at"],
                                   clause: "ON CONFLICT (app_id, batch_key) DO NOTHING RETURNING batch_key")
            let now = server.clock.now()
            let appID = app.id
            let rows = (0..<450).map { [StoredValue.uuid(UUID()), .uuid(appID), .text("key-\($0)"), .date(now)] }
            // As the impression writer gets them: a connection of its own on a SQLite file, else the pool.
            let transactions = try await DatabaseSetup(storage: server.app.marquee.configuration.storage)
                .frequentWriterTransactions(for: server.app)
            let first = try await transactions.writeTransaction { sql in
                try await sql.run(insert, rows: Array(rows[0..<50]), returning: Key.self)
            }
            #expect(first.count == 50)
            let second = try await transactions.writeTransaction { sql in
                try await sql.run(insert, rows: rows, returning: Key.self)
            }
            #expect(Set(second.map(\.batch_key)) == Set((50..<450).map { "key-\($0)" }))
            #expect(try await ImpressionBatchRecord.query(on: server.app.db).count() == 450)
        }
    }

    private struct Key: Decodable { var batch_key: String }
    private struct Count: Decodable { var n: Int }
}
