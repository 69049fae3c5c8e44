import MarqueeModel

/// The current user's profile on the server: values segments read (``SegmentRule``).
extension MarqueeSDK {
    /// Sets attributes of the current user's profile on the server; `nil` removes one.
    ///
    /// The app's settings on the server name the attributes devices may set, and the type of
    /// each; the server refuses the rest (reported through ``errorCallback``), so a user cannot
    /// raise their own tier. The change goes through the outbox: made offline, it is sent once
    /// the server can be reached, and changes waiting to be sent merge into one, later values
    /// winning. Where the app requires identity verification, the user ID must be signed
    /// (``SignedUserInfoProvider``). An anonymous user has no profile: the call is reported and dropped.
    public func setAttributes(_ attributes: [String: ProfileValue?]) {
        core.submit(.updateProfile(ProfileUpdate(attributes: attributes)))
    }

    /// Adds tags to the current user's profile on the server, among those the app lets devices set.
    public func addTags(_ tags: [String]) {
        core.submit(.updateProfile(ProfileUpdate(addTags: tags)))
    }

    /// Removes tags from the current user's profile on the server, among those the app lets devices set.
    public func removeTags(_ tags: [String]) {
        core.submit(.updateProfile(ProfileUpdate(removeTags: tags)))
    }
}

/// One call's change to the current user's profile.
struct ProfileUpdate: Sendable {
    var attributes: [String: ProfileValue?] = [:]
    var addTags: [String] = []
    var removeTags: [String] = []

    /// Names that are no attribute or tag name, which the server would refuse.
    var invalidNames: [String] {
        (Array(attributes.keys) + addTags + removeTags).filter { !ProfileName.isValid($0) }.sorted()
    }
}
