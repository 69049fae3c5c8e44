import MarqueeModel

/// Marquee extension: `POST <endpoints.profile>`, the SDK setting values in its own user's
/// profile. The server accepts only what the app declares devices may set, for a user ID as
/// verified as the app requires (as the App Inbox does).
public struct ProfileUpdateRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    /// Values to set; `null` removes one.
    public var attributes: [String: ProfileValue?]
    public var addTags: [String]
    public var removeTags: [String]
    /// A client-chosen id, so the SDK's outbox can name the request.
    public var batchId: String?

    public init(userIdentifiers: [UserIdentifierDTO], attributes: [String: ProfileValue?] = [:], addTags: [String] = [],
                removeTags: [String] = [], batchId: String? = nil) {
        self.userIdentifiers = userIdentifiers
        self.attributes = attributes
        self.addTags = addTags
        self.removeTags = removeTags
        self.batchId = batchId
    }

    /// This change followed by `later`: later values win, and a tag added then removed (or the
    /// reverse) ends as the later call left it.
    public func merged(with later: ProfileUpdateRequest) -> ProfileUpdateRequest {
        var merged = self
        for (name, value) in later.attributes { merged.attributes[name] = .some(value) }
        merged.addTags = Array(Set(addTags).subtracting(later.removeTags).union(later.addTags)).sorted()
        merged.removeTags = Array(Set(removeTags).subtracting(later.addTags).union(later.removeTags)).sorted()
        merged.batchId = later.batchId
        return merged
    }

    private enum CodingKeys: String, CodingKey { case userIdentifiers, attributes, addTags, removeTags, batchId }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userIdentifiers = try container.decodeIfPresent([UserIdentifierDTO].self, forKey: .userIdentifiers) ?? []
        attributes = try container.decodeIfPresent([String: ProfileValue?].self, forKey: .attributes) ?? [:]
        addTags = try container.decodeIfPresent([String].self, forKey: .addTags) ?? []
        removeTags = try container.decodeIfPresent([String].self, forKey: .removeTags) ?? []
        batchId = try container.decodeIfPresent(String.self, forKey: .batchId)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userIdentifiers, forKey: .userIdentifiers)
        // `null` values must be written, not dropped: they remove the attribute.
        var values = container.nestedContainer(keyedBy: AnyKey.self, forKey: .attributes)
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            try values.encode(value, forKey: AnyKey(name))
        }
        try container.encode(addTags, forKey: .addTags)
        try container.encode(removeTags, forKey: .removeTags)
        try container.encodeIfPresent(batchId, forKey: .batchId)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
