import Foundation
import MarqueeModel

/// What the server keeps about a user for targeting: typed attributes and tags, set by the
/// app's team or backend through the admin API (`…/users/:userID/profile`).
struct UserProfile: Codable, Sendable, Equatable {
    var attributes: [String: ProfileValue] = [:]
    /// Sorted, each once.
    var tags: [String] = []

    init() {}

    /// A stored profile may leave out what it has none of.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attributes = try container.decodeIfPresent([String: ProfileValue].self, forKey: .attributes) ?? [:]
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    enum Limits {
        static let attributes = 100
        static let tags = 200
        static let textLength = 1_000
        static let listItems = 100
        static let listItemLength = 200
    }

    /// The profile with `change` applied: values set (`null` removes one), tags added, then removed.
    func applying(_ change: ProfileChange) -> UserProfile {
        var changed = self
        for (name, value) in change.attributes {
            changed.attributes[name] = value
        }
        changed.tags = Array(Set(tags).union(change.addTags).subtracting(change.removeTags)).sorted()
        return changed
    }

    /// Problems with a profile as it would be stored: how many attributes and tags it holds.
    /// Names and values are checked where they come in, in the change (``ProfileChange``).
    func validationIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if attributes.count > Limits.attributes {
            issues.append(ValidationIssue(field: "attributes", message: "a user has at most \(Limits.attributes) attributes"))
        }
        if tags.count > Limits.tags {
            issues.append(ValidationIssue(field: "addTags", message: "a user has at most \(Limits.tags) tags"))
        }
        return issues
    }

}

/// The body of `PATCH …/users/:userID/profile`: attributes to set (`null` removes one), tags to
/// add and tags to remove. What it leaves out is kept.
struct ProfileChange: Decodable, Sendable {
    var attributes: [String: ProfileValue?] = [:]
    var addTags: [String] = []
    var removeTags: [String] = []

    private enum CodingKeys: String, CodingKey { case attributes, addTags, removeTags }

    init(attributes: [String: ProfileValue?] = [:], addTags: [String] = [], removeTags: [String] = []) {
        self.attributes = attributes
        self.addTags = addTags
        self.removeTags = removeTags
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attributes = try container.decodeIfPresent([String: ProfileValue?].self, forKey: .attributes) ?? [:]
        addTags = try container.decodeIfPresent([String].self, forKey: .addTags) ?? []
        removeTags = try container.decodeIfPresent([String].self, forKey: .removeTags) ?? []
    }

    /// Problems the change has whatever the profile it applies to: its size, every name it uses
    /// (those it removes included), and the size of every value it sets.
    func validationIssues() -> [ValidationIssue] {
        typealias Limits = UserProfile.Limits
        var issues: [ValidationIssue] = []
        if attributes.count > Limits.attributes {
            issues.append(ValidationIssue(field: "attributes", message: "a change sets at most \(Limits.attributes) attributes"))
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            let field = "attributes.\(name)"
            if !ProfileName.isValid(name) {
                issues.append(ValidationIssue(field: field, message: ProfileName.rule))
            }
            switch value {
            case .string(let text)? where text.count > Limits.textLength:
                issues.append(ValidationIssue(field: field, message: "at most \(Limits.textLength) characters"))
            case .list(let items)? where items.count > Limits.listItems || items.contains(where: { $0.count > Limits.listItemLength }):
                issues.append(ValidationIssue(field: field, message: "at most \(Limits.listItems) items of at most \(Limits.listItemLength) characters"))
            case .string?, .number?, .boolean?, .date?, .list?, nil:
                break
            }
        }
        for (field, tags) in [("addTags", addTags), ("removeTags", removeTags)] {
            if tags.count > Limits.tags || !tags.allSatisfy(ProfileName.isValid) {
                issues.append(ValidationIssue(field: field, message: "at most \(Limits.tags) tags; \(ProfileName.rule)"))
            }
        }
        return issues
    }
}
