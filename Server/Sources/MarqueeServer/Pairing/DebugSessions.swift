import Foundation
import MarqueeWire
import NIOConcurrencyHelpers

/// What devices report during debug sessions (``DebugLine``): held in memory only, a bounded
/// number of lines per session and of sessions, and never stored. The dashboard reads a
/// session's lines after the last one it has.
final class DebugSessions: Sendable {
    /// Lines kept per session; older ones make room.
    static let linesPerSession = 1_000
    /// Sessions kept; the one heard from longest ago makes room.
    static let maxSessions = 500

    struct Entry: Sendable, Codable, Equatable {
        /// Numbers the session's lines from 1, in the order the server received them.
        var seq: Int
        var line: DebugLine
    }

    private struct Session {
        var lines: [Entry] = []
        var next = 1
        var touched: Int64
    }

    private let sessions = NIOLockedValueBox<[String: Session]>([:])

    /// Adds `lines` to `session`; `POST /v1/debug` has refused any longer than a line may be.
    func append(_ lines: [DebugLine], to session: String, at now: Int64) {
        sessions.withLockedValue { sessions in
            if sessions[session] == nil, sessions.count >= Self.maxSessions,
               let oldest = sessions.min(by: { $0.value.touched < $1.value.touched })?.key {
                sessions[oldest] = nil
            }
            var entry = sessions[session] ?? Session(touched: now)
            for line in lines.prefix(DebugLine.maxPerRequest) {
                entry.lines.append(Entry(seq: entry.next, line: line))
                entry.next += 1
            }
            if entry.lines.count > Self.linesPerSession { entry.lines.removeFirst(entry.lines.count - Self.linesPerSession) }
            entry.touched = now
            sessions[session] = entry
        }
    }

    /// The session's lines after `seq`, oldest first.
    func lines(of session: String, after seq: Int) -> [Entry] {
        sessions.withLockedValue { sessions in
            guard let lines = sessions[session]?.lines else { return [] }
            return Array(lines.drop { $0.seq <= seq })
        }
    }

    /// Forgets a session that ended.
    func end(_ session: String) {
        _ = sessions.withLockedValue { $0.removeValue(forKey: session) }
    }
}
