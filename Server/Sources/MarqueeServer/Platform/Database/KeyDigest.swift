import Crypto
import Foundation

/// A 16-byte digest standing in for an identifier (a user ID, an experiment unit) in rows that
/// are keyed by it: a key costs the same whatever the identifier's length or script, and the
/// identifier itself is not stored again.
///
/// The first 16 bytes of SHA-256: no two identifiers meet by chance or by design.
struct KeyDigest: Hashable, Sendable, Comparable {
    let bytes: Data

    init(_ identifier: String) {
        self.init(hashing: Data(identifier.utf8))
    }

    init(hashing data: Data) {
        bytes = Data(SHA256.hash(data: data).prefix(16))
    }

    /// A digest read back from where it was written.
    init(bytes: Data) {
        self.bytes = bytes
    }

    /// One order for every writer, so concurrent transactions lock rows in the same order.
    static func < (a: KeyDigest, b: KeyDigest) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }

    var stored: StoredValue { .bytes(bytes) }

    /// One user of one app, in 16 bytes: how the App Inbox keys a user's copies, and how a change
    /// to a user's rows names them to every instance. Made from the user's digest, not their ID,
    /// so rows stored by digest can be keyed again.
    init(user digest: KeyDigest, in appID: UUID) {
        self.init(hashing: withUnsafeBytes(of: appID.uuid) { Data($0) } + digest.bytes)
    }

    init(user userID: String, in appID: UUID) {
        self.init(user: KeyDigest(userID), in: appID)
    }
}

extension KeyDigest: Codable {
    init(from decoder: any Decoder) throws {
        bytes = try decoder.singleValueContainer().decode(Data.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bytes)
    }
}
