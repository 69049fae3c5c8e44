import Foundation
import SQLKit

/// How a copy of an inbox message (one row per recipient and message) names its message and its
/// user in few bytes. The keys, not the state, are most of what a copy costs, and a user's first
/// sync stores a copy of every running inbox campaign: small keys keep that within twice the
/// bytes of the request.
enum InboxCopyKey {
    /// The message's key: the first 8 bytes of its id. A version 4 id is random there, and a new
    /// message takes an id whose key no stored message has (``newMessageID(on:)``); a unique index
    /// on `inbox_messages.copy_key` holds it.
    static func message(_ id: UUID) -> Int64 {
        withUnsafeBytes(of: id.uuid) { raw in raw.loadUnaligned(as: Int64.self).bigEndian }
    }

    /// The user's key in one app's inbox (``KeyDigest/init(user:in:)``), so that copies need no
    /// app column.
    static func user(_ userID: String, in appID: UUID) -> KeyDigest {
        KeyDigest(user: userID, in: appID)
    }

    static func user(_ digest: KeyDigest, in appID: UUID) -> KeyDigest {
        KeyDigest(user: digest, in: appID)
    }

    private struct FoundRow: Decodable {
        var copy_key: Int64
    }

    /// An id for a new message whose key no stored message has, read in the caller's transaction.
    static func newMessageID(on sql: any SQLDatabase) async throws -> UUID {
        while true {
            let id = UUID()
            let taken = try await sql.raw("""
                SELECT copy_key FROM \(ident: InboxSchema.messages) WHERE copy_key = \(bind: message(id))
                """).first(decoding: FoundRow.self)
            if taken == nil { return id }
        }
    }
}
