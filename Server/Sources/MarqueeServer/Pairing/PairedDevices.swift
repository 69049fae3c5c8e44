import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import NIOConcurrencyHelpers
import Logging
import SQLKit

/// Sends paired devices what the dashboard asks for: the latest preview of a pairing, the start
/// or end of its debug session, and its end, through the live channels this instance holds.
///
/// The pairing's row says what to send (``PairingStore``). A write announces the row; on SQLite
/// this instance delivers it at once, and on PostgreSQL every instance hears the announcement
/// (``ChangeListener``) and delivers to the channels it holds, the writer's own included.
final class PairedDevices: Sendable {
    static let channel = "marquee_pairings"
    static let debugChannel = "marquee_debug"
    /// What one notification carries at most (PostgreSQL's limit is 8,000 bytes).
    static let maxNoticeBytes = 7_000

    let hub: LiveHub
    let debug = DebugSessions()
    private let announcesThroughDatabase: Bool
    /// What was sent per pairing from here (its last preview and debug session), so hearing a
    /// row twice sends its news once.
    private let sent = NIOLockedValueBox<[UUID: Sent]>([:])

    private struct Sent {
        var preview = 0
        var debug: String?
        /// When the pairing runs out: then its entry goes.
        var expiresAt: Int64 = 0
    }

    init(hub: LiveHub, announcesThroughDatabase: Bool) {
        self.hub = hub
        self.announcesThroughDatabase = announcesThroughDatabase
    }

    /// After a write to pairing `id` commits: its device hears what changed, wherever it is connected.
    func announce(_ id: UUID, on sql: any SQLDatabase, store: PairingStore) async throws {
        if announcesThroughDatabase {
            try await sql.raw("SELECT pg_notify(\(bind: Self.channel), \(bind: id.uuidString.lowercased()))").run()
        } else if let row = try await store.row(id) {
            deliver(row)
        }
    }

    /// Sends the row's news to its device's channels here: a preview not sent yet, and the debug
    /// session's state. Returns how many channels heard it.
    @discardableResult
    func deliver(_ row: PairingStore.Row) -> Int {
        guard let deviceID = row.device_id else { return 0 }
        let session = row.ended_at == nil ? row.debug_session : nil
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let (newPreview, newSession) = sent.withLockedValue { sent in
            let before = sent[row.id] ?? Sent()
            sent[row.id] = Sent(preview: max(before.preview, row.preview_seq), debug: session, expiresAt: row.expires_at ?? 0)
            if sent.count > 1_000 { sent = sent.filter { $0.value.expiresAt > now } }
            return (row.preview_seq > before.preview, session != before.debug)
        }
        var reached = 0
        if newPreview, row.ended_at == nil, let json = row.preview, let preview = Self.decodePreview(json) {
            reached = hub.send(.preview(preview), toDevice: deviceID, of: row.app_id)
        }
        if newSession {
            reached = max(reached, hub.send(.debug(LiveDebug(pairing: row.id.uuidString.lowercased(), session: session)),
                                            toDevice: deviceID, of: row.app_id))
        }
        if row.ended_at != nil {
            _ = sent.withLockedValue { $0.removeValue(forKey: row.id) }
            reached = max(reached, hub.send(.unpaired(LiveUnpaired(pairing: row.id.uuidString.lowercased())),
                                            toDevice: deviceID, of: row.app_id))
        }
        return reached
    }

    /// Keeps lines a device sent for `session`: here on SQLite; on PostgreSQL every instance
    /// hears them, so the dashboard reads them from any.
    func record(_ lines: [DebugLine], session: String, at now: Int64, on sql: any SQLDatabase) async throws {
        guard announcesThroughDatabase else { return debug.append(lines, to: session, at: now) }
        let encoder = MarqueeJSON.encoder()
        let budget = Self.maxNoticeBytes - session.utf8.count - 1
        var batch: [String] = []
        var size = 2
        func send() async throws {
            guard !batch.isEmpty else { return }
            let payload = session + "\n[" + batch.joined(separator: ",") + "]"
            try await sql.raw("SELECT pg_notify(\(bind: Self.debugChannel), \(bind: payload))").run()
            (batch, size) = ([], 2)
        }
        // Lines are within their limits (``DebugLine/oversizeField``), so each fits a notification
        // alone; a batch takes as many as fit.
        for line in lines {
            let json = String(decoding: try encoder.encode(line), as: UTF8.self)
            if size + json.utf8.count + 1 > budget { try await send() }
            batch.append(json)
            size += json.utf8.count + 1
        }
        try await send()
    }

    /// Lines announced through PostgreSQL: `session`, a line break, a JSON array of lines.
    func heardDebugLines(_ payload: String) {
        guard let newline = payload.firstIndex(of: "\n"),
              let lines = try? MarqueeJSON.decoder().decode([DebugLine].self, from: Data(payload[payload.index(after: newline)...].utf8))
        else { return }
        debug.append(lines, to: String(payload[..<newline]), at: Int64(Date().timeIntervalSince1970 * 1000))
    }

    /// What a device's channel starts with, from its pairings that have not run out: the end of
    /// each ended one (the device may have been away when it ended), and the debug session of each
    /// open one, so a device that reconnects picks up the session it was in. A database that
    /// cannot answer now costs the device these until its next connection, never its channel.
    func openingEvents(of deviceID: String, in appID: UUID, store: PairingStore, logger: Logger) async -> [LiveEvent] {
        do {
            return try await store.current(deviceID: deviceID, appID: appID).compactMap { row in
                let pairing = row.id.uuidString.lowercased()
                if row.ended_at != nil { return .unpaired(LiveUnpaired(pairing: pairing)) }
                return row.debug_session.map { .debug(LiveDebug(pairing: pairing, session: $0)) }
            }
        } catch {
            logger.warning("could not read a device's pairings", metadata: ["error": "\(String(reflecting: error))"])
            return []
        }
    }

    /// Heard from another instance (or this one) through PostgreSQL.
    func heard(_ payload: String, store: PairingStore) async {
        guard let id = UUID(uuidString: payload), let row = try? await store.row(id) else { return }
        deliver(row)
    }

    private static func decodePreview(_ text: String) -> LivePreview? {
        try? MarqueeJSON.decoder().decode(LivePreview.self, from: Data(text.utf8))
    }
}
