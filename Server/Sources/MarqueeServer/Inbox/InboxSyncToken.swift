import Crypto
import Foundation

/// The opaque token a sync returns: the change number the client has seen everything up to, the
/// server time of that sync (deliveries and expiries between two syncs are time-based changes),
/// and a tag of the user it belongs to (a token from another user's inbox is refused).
struct InboxSyncToken: Sendable, Equatable {
    var sequence: Int64
    var asOfMillis: Int64
    var userTag: String

    private static let version = "i1"

    /// Reads a token; `nil` when it is not one this server wrote.
    init?(text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard text.count <= 200, let data = Data(base64Encoded: base64),
              let decoded = String(data: data, encoding: .utf8) else { return nil }
        let parts = decoded.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.version, let sequence = Int64(parts[1]), sequence >= 0,
              let asOf = Int64(parts[2]), asOf >= 0, parts[3].count == 16 else { return nil }
        self.init(sequence: sequence, asOfMillis: asOf, userTag: String(parts[3]))
    }

    init(sequence: Int64, asOfMillis: Int64, userTag: String) {
        self.sequence = sequence
        self.asOfMillis = asOfMillis
        self.userTag = userTag
    }

    var text: String {
        Data("\(Self.version).\(sequence).\(asOfMillis).\(userTag)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// 16 hex digits naming one user of one app, without revealing the user ID.
    static func userTag(appID: UUID, userID: String) -> String {
        let digest = SHA256.hash(data: Data("\(appID.canonical)\n\(userID)".utf8))
        return digest.prefix(8).lowercaseHex
    }
}
