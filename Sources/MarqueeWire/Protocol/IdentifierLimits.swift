/// The longest identifiers Marquee's server takes from devices, in characters (Unicode scalars).
/// They are copied into every impression a device reports, so they bound what one request can
/// store. The server answers a longer one with 400, naming the field, before anything is stored;
/// the SDK leaves out a user ID over the limit and reports it, rather than have every request refused.
public enum IdentifierLimits {
    /// A user ID or an ID-tracking identifier.
    public static let userID = 256
    /// The `device_id` header.
    public static let deviceID = 128

    /// Whether `identifier` fits in `limit` characters.
    public static func fits(_ identifier: String, _ limit: Int) -> Bool {
        identifier.unicodeScalars.count <= limit
    }
}
