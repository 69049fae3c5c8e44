import MarqueeModel

/// What an app lets its devices set in their own user's profile (`POST /v1/profile`): attributes
/// by name, each of one type, and tags. Everything else stays for the team and the app's backend,
/// so a user cannot, say, raise their own tier.
struct DeviceProfileRules: Codable, Sendable, Equatable {
    var attributes: [String: ProfileValue.Kind] = [:]
    var tags: [String] = []

    init(attributes: [String: ProfileValue.Kind] = [:], tags: [String] = []) {
        self.attributes = attributes
        self.tags = tags
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attributes = try container.decodeIfPresent([String: ProfileValue.Kind].self, forKey: .attributes) ?? [:]
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    private enum CodingKeys: String, CodingKey { case attributes, tags }

    /// Problems with the rules themselves, named under `deviceProfile`.
    func validationIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if attributes.count > UserProfile.Limits.attributes || !attributes.keys.allSatisfy(ProfileName.isValid) {
            issues.append(ValidationIssue(field: "deviceProfile.attributes",
                                          message: "at most \(UserProfile.Limits.attributes) attributes; \(ProfileName.rule)"))
        }
        if tags.count > UserProfile.Limits.tags || !tags.allSatisfy(ProfileName.isValid) {
            issues.append(ValidationIssue(field: "deviceProfile.tags", message: "at most \(UserProfile.Limits.tags) tags; \(ProfileName.rule)"))
        }
        return issues
    }

    /// What in `change` a device may not set: each attribute not declared, or of another type,
    /// and each tag not declared.
    func refusals(of change: ProfileChange) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        for (name, value) in change.attributes.sorted(by: { $0.key < $1.key }) {
            guard let kind = attributes[name] else {
                issues.append(ValidationIssue(field: "attributes.\(name)", message: "devices may not set it: the app's deviceProfile does not name it"))
                continue
            }
            if let value, value.kind != kind {
                issues.append(ValidationIssue(field: "attributes.\(name)", message: "must be a \(kind.rawValue)"))
            }
        }
        let allowed = Set(tags)
        for (field, named) in [("addTags", change.addTags), ("removeTags", change.removeTags)] {
            let refused = named.filter { !allowed.contains($0) }
            if !refused.isEmpty {
                issues.append(ValidationIssue(field: field, message: "devices may not set \(refused.joined(separator: ", ")): the app's deviceProfile does not name them"))
            }
        }
        return issues
    }
}
