import Foundation
@testable import MarqueeServer
import SQLKit

extension TestServer {
    /// How long a test waits for the event log to show what was written. On PostgreSQL an event
    /// shows once every transaction older than its own has ended, in any database of the server:
    /// other tests' writes, migrations and imports hold it back while they run, longer on a busy
    /// machine. A healthy wait ends at once; this bounds only a stuck one.
    static let eventLogPatience: Duration = .seconds(120)

    /// Polls `shows` until it holds. When patience runs out, throws naming `what` and the
    /// transactions that were holding the log back, so a stuck wait says why.
    func untilTheLog(shows what: @autoclosure () -> String, _ shows: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + Self.eventLogPatience
        while try await !shows() {
            guard ContinuousClock.now < deadline else {
                throw TestFailure("the event log never showed \(what()) within \(Self.eventLogPatience); "
                    + "transactions holding it back: \(try await openTransactions())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private struct OpenTransaction: Decodable {
        var pid: Int
        var xid: String
        var seconds: Int
        var state: String?
        var query: String?
    }

    /// The server's transactions that hold a transaction id, oldest first.
    private func openTransactions() async throws -> String {
        guard let sql = app.db as? any SQLDatabase, sql.dialect.name == "postgresql" else { return "none (SQLite)" }
        let open = try await sql.raw("""
            SELECT pid, backend_xid::text AS xid, EXTRACT(EPOCH FROM now() - xact_start)::int AS seconds, state,
                   left(query, 160) AS query
            FROM pg_stat_activity WHERE backend_xid IS NOT NULL ORDER BY xact_start
            """).all(decoding: OpenTransaction.self)
        if open.isEmpty { return "none" }
        return open.map { "pid \($0.pid) xid \($0.xid) open \($0.seconds) s, \($0.state ?? "?"): \($0.query ?? "")" }
            .joined(separator: "; ")
    }
}
