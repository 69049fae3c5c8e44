/// The longest identifiers Marquee takes, in bytes of UTF-8: what an identifier costs to store
/// and send, whatever its script (a 4-byte character counts 4). Every identifier limit, on the
/// server and in the SDK, is checked with ``fits(_:_:)``.
///
/// A user ID and a device ID are copied into every impression a device reports, so they bound what
/// one request can store. The server answers a longer one with 400, naming the field, before
/// anything is stored; the SDK leaves out a user ID over the limit and reports it, rather than
/// have every request refused.
public enum IdentifierLimits {
    /// A user ID or an ID-tracking identifier.
    public static let userID = 256
    /// The `device_id` header.
    public static let deviceID = 128

    /// Whether `identifier` fits in `limit` bytes of UTF-8.
    public static func fits(_ identifier: String, _ limit: Int) -> Bool {
        identifier.utf8.count <= limit
    }

    /// What a field over `limit` is told: "must be at most 256 bytes of UTF-8".
    public static func atMost(_ limit: Int) -> String {
        "must be at most \(limit) bytes of UTF-8"
    }

    /// Why `id` cannot name a user, or `nil` when it can: empty, or over ``userID`` bytes. The one
    /// rule for user IDs that an administrator or a backend sends (targeting, testers, the inbox,
    /// profiles and their imports); a device over the limit is refused by the same ``fits(_:_:)``.
    public static func userIDProblem(_ id: String) -> String? {
        if id.isEmpty { return "must not be empty" }
        if !fits(id, userID) { return "must be at most \(userID) bytes of UTF-8, not \(id.utf8.count)" }
        return nil
    }
}
