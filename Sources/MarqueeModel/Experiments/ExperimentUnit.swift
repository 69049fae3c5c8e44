/// Who an experiment assigns: the user, by their most stable identifier, or the device for an
/// anonymous user. Its ``key`` is what ``ExperimentAssignment`` hashes, what the server counts
/// unique users and conversions by, and the same on every device the user signs in on.
public struct ExperimentUnit: Sendable, Hashable, CustomStringConvertible {
    /// `user:<user ID>`, else `tracking:<ID-tracking identifier>`, else `device:<device ID>`;
    /// `anonymous` when none is known (every such client then shares one assignment).
    public let key: String

    /// The unit of `identity` on the device `deviceID`: a user ID outranks an ID-tracking
    /// identifier, which outranks the device, so signing in on a second device keeps the arm.
    public init(identity: UserIdentity, deviceID: String?) {
        if let userID = identity.userID {
            key = "user:" + userID
        } else if let tracking = identity.idTrackingIdentifier {
            key = "tracking:" + tracking
        } else if let deviceID, !deviceID.isEmpty {
            key = "device:" + deviceID
        } else {
            key = "anonymous"
        }
    }

    public var description: String { key }
}
