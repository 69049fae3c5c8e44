/// What a team account may do. ``Principal/permits(_:in:)`` is the one place that turns a role
/// into permissions.
public enum AccountRole: String, Sendable, Codable, CaseIterable {
    /// Everything: apps, secrets, campaigns, user data and accounts.
    case admin
    /// Campaigns (create, edit, change status, delete); reads everything else but accounts.
    case editor
    /// Reads apps, campaigns and statistics, and renders previews; changes nothing.
    case viewer
}
