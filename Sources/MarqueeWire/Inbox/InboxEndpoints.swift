/// The App Inbox endpoints a server offers to clients that declare ``Capability/inbox``.
public struct InboxEndpoints: Sendable, Hashable, Codable {
    /// `POST`: ``InboxSyncRequest`` → ``InboxSyncResponse``.
    public var sync: String
    /// `POST`: ``InboxUpdateRequest`` → ``InboxUpdateResponse``.
    public var update: String
    /// `POST`: ``InboxTrackRequest`` → ``InboxTrackResponse``.
    public var track: String

    public init(sync: String, update: String, track: String) {
        self.sync = sync
        self.update = update
        self.track = track
    }
}

/// Stable `error.code` values of inbox responses, which clients act on.
public enum InboxErrorCode {
    /// 403: the request names no user ID; the inbox belongs to identified users only.
    public static let requiresIdentity = "inbox_requires_identity"
    /// 401: the app verifies identities and the user ID's signature is missing or wrong.
    public static let identityNotVerified = "identity_not_verified"
    /// 410: the sync token is unknown, from another user or too old; sync again without one.
    public static let resyncRequired = "inbox_resync_required"
}
