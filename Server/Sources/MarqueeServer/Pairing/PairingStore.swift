import Fluent
import Foundation
import SQLKit

/// The one place that writes pairings (``Pairing``). A preview sent to a pairing is kept on its
/// row with a sequence number, so whichever instance holds the device's live channel can send
/// it: the row is the message, and a notification only says which row to read. Every write that
/// a device must hear of (an end, a preview, a debug session) is announced here, after it
/// (``PairedDevices/announce(_:on:store:)``), and a debug session's lines held in memory go with it.
struct PairingStore: Sendable {
    static let table = "device_pairings"
    /// Pairings an app may have waiting or paired at once.
    static let maxOpenPerApp = 50

    let database: any Database
    let clock: any ServerClock
    let devices: PairedDevices

    private var sql: any SQLDatabase {
        get throws { try database.sql() }
    }

    struct Row: Decodable {
        var id: UUID
        var app_id: UUID
        var device_id: String?
        var code_expires_at: Int64
        var expires_at: Int64?
        var ended_at: Int64?
        var created_by: String
        var created_at: Int64
        var debug_session: String?
        var preview: String?
        var preview_seq: Int

        var pairing: Pairing {
            Pairing(id: id, appID: app_id, deviceID: device_id, codeExpiresAt: code_expires_at, expiresAt: expires_at,
                    endedAt: ended_at, createdBy: created_by, createdAt: created_at, debugSession: debug_session)
        }
    }

    private static let columns = SQLRaw("""
        id, app_id, device_id, code_expires_at, expires_at, ended_at, created_by, created_at, debug_session, preview, preview_seq
        """)

    /// Makes a pairing waiting for a device; returns it and its code, which only this answer shows.
    /// The count of open pairings and the insert are one transaction, which on PostgreSQL holds
    /// the app's row: two instances creating at once would otherwise each count without the
    /// other's, and pass the limit together.
    func create(appID: UUID, createdBy: String) async throws -> (Pairing, code: String) {
        let now = clock.nowMillis
        let code = PairingCode.generate()
        let pairing = Pairing(id: UUID(), appID: appID, deviceID: nil, codeExpiresAt: now + Pairing.codeLifetime,
                              expiresAt: nil, endedAt: nil, createdBy: createdBy, createdAt: now, debugSession: nil)
        let codeHash = PairingCode.hash(code)
        try await database.writeTransaction { db in
            let sql = try db.sql()
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM \(ident: AppRecord.schema) WHERE id = \(bind: appID) FOR UPDATE").run()
            }
            let open = try await sql.raw("""
                SELECT COUNT(*) AS count FROM \(ident: Self.table)
                WHERE app_id = \(bind: appID) AND ended_at IS NULL
                  AND ((device_id IS NULL AND code_expires_at > \(bind: now)) OR expires_at > \(bind: now))
                """).first(decoding: Count.self)?.count ?? 0
            guard open < Self.maxOpenPerApp else {
                throw APIError(.conflict, code: .conflict,
                               "an app has at most \(Self.maxOpenPerApp) open pairings; end one first")
            }
            try await sql.insert(into: Self.table)
                .columns("id", "app_id", "code_hash", "code_expires_at", "created_by", "created_at", "preview_seq")
                .values(SQLBind(pairing.id), SQLBind(appID), SQLBind(codeHash), SQLBind(pairing.codeExpiresAt),
                        SQLBind(createdBy), SQLBind(now), SQLBind(0))
                .run()
        }
        return (pairing, code)
    }

    private struct Count: Decodable {
        var count: Int
    }

    /// The device takes the pairing `code` names, if it is still waiting: the code is spent in the
    /// same statement, so two devices cannot both take it. `nil` for an unknown, used or expired code.
    func pair(code: String, appID: UUID, deviceID: String) async throws -> Pairing? {
        let now = clock.nowMillis
        // The row comes back only when this statement spent the code: a device that already holds
        // a pairing learns nothing from a wrong guess.
        return try await sql.raw("""
            UPDATE \(ident: Self.table)
            SET device_id = \(bind: deviceID), code_hash = NULL, expires_at = \(bind: now + Pairing.lifetime)
            WHERE app_id = \(bind: appID) AND code_hash = \(bind: PairingCode.hash(code)) AND device_id IS NULL
              AND ended_at IS NULL AND code_expires_at > \(bind: now)
            RETURNING \(Self.columns)
            """).first(decoding: Row.self)?.pairing
    }

    func row(_ id: UUID) async throws -> Row? {
        try await sql.raw("SELECT \(Self.columns) FROM \(ident: Self.table) WHERE id = \(bind: id)").first(decoding: Row.self)
    }

    func find(_ id: UUID, in appID: UUID) async throws -> Pairing {
        guard let row = try await row(id), row.app_id == appID else { throw APIError.notFound("pairing") }
        return row.pairing
    }

    /// The app's pairings made in the last day, newest first.
    func list(appID: UUID) async throws -> [Pairing] {
        try await sql.raw("""
            SELECT \(Self.columns) FROM \(ident: Self.table)
            WHERE app_id = \(bind: appID) AND created_at > \(bind: clock.nowMillis - 86_400_000)
            ORDER BY created_at DESC LIMIT 50
            """).all(decoding: Row.self).map(\.pairing)
    }

    /// The device's pairings that have not run out, ended ones included: a device that was away
    /// when one ended hears it as its channel opens.
    func current(deviceID: String, appID: UUID) async throws -> [Row] {
        try await sql.raw("""
            SELECT \(Self.columns) FROM \(ident: Self.table)
            WHERE app_id = \(bind: appID) AND device_id = \(bind: deviceID) AND expires_at > \(bind: clock.nowMillis)
            """).all(decoding: Row.self)
    }

    /// Ends a pairing (and its debug session); `deviceID` limits it to the device's own. Returns
    /// whether it was open.
    func end(_ id: UUID, in appID: UUID, deviceID: String? = nil) async throws -> Bool {
        let session = try await row(id)?.debug_session
        let rows = try await sql.raw("""
            UPDATE \(ident: Self.table) SET ended_at = \(bind: clock.nowMillis), debug_session = NULL, code_hash = NULL
            WHERE id = \(bind: id) AND app_id = \(bind: appID) AND ended_at IS NULL
              AND (\(bind: deviceID == nil) OR device_id = \(bind: deviceID ?? ""))
            RETURNING id
            """).all()
        guard !rows.isEmpty else { return false }
        if let session { devices.debug.end(session) }
        try await devices.announce(id, on: try sql, store: self)
        return true
    }

    /// Keeps `json` (a ``LivePreview``) as the pairing's latest preview and sends it; returns its number.
    func storePreview(_ json: String, for id: UUID) async throws -> Int {
        struct Seq: Decodable { var preview_seq: Int }
        let row = try await sql.raw("""
            UPDATE \(ident: Self.table) SET preview = \(bind: json), preview_seq = preview_seq + 1
            WHERE id = \(bind: id) RETURNING preview_seq
            """).first(decoding: Seq.self)
        try await devices.announce(id, on: try sql, store: self)
        return row?.preview_seq ?? 0
    }

    /// Starts (`session`) or stops (`nil`) the pairing's debug session, replacing `running`.
    func setDebugSession(_ session: String?, replacing running: String?, for id: UUID) async throws {
        try await sql.raw("UPDATE \(ident: Self.table) SET debug_session = \(bind: session) WHERE id = \(bind: id)").run()
        if let running { devices.debug.end(running) }
        if let session { devices.debug.append([], to: session, at: clock.nowMillis) }
        try await devices.announce(id, on: try sql, store: self)
    }

    /// Whether `session` is the running debug session of a pairing of the device.
    func isDebugging(session: String, deviceID: String, appID: UUID) async throws -> Bool {
        try await current(deviceID: deviceID, appID: appID).contains { $0.ended_at == nil && $0.debug_session == session }
    }
}

extension PairingStore {
    /// Inside an app's deletion.
    static func deleteAll(of appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: table).where("app_id", .equal, appID).run()
    }
}
