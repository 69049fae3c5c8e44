import Foundation

/// A named, reusable rule a campaign's targeting includes or excludes (``SegmentTargeting``).
public struct Segment: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var rule: SegmentRule

    public init(id: String = UUID().uuidString.lowercased(), name: String, rule: SegmentRule) {
        self.id = id
        self.name = name
        self.rule = rule
    }

    public enum Limits {
        public static let nameLength = 100
        /// Conditions in one rule, and groups within groups.
        public static let conditions = 50
        public static let depth = 4
        public static let days = 3_650
        public static let textLength = 1_000
    }

    /// Problems with the segment, each naming its field (`rule.all[1].value`).
    public func validationIssues() -> [ValidationIssue] {
        var report = ValidationReport()
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        report.check(!name.isEmpty && TextRule.fits(name, characters: Limits.nameLength), "name",
                     "must be 1 to \(Limits.nameLength) characters")
        report.check(rule.conditionCount <= Limits.conditions, "rule", "has at most \(Limits.conditions) conditions")
        report.nested("rule") { rule.validate(into: &$0, depth: 0) }
        return report.issues
    }
}

/// The segments a campaign's targeting includes and excludes, by ID.
public struct SegmentTargeting: Sendable, Hashable, Codable, StandardValue {
    public static var standard: SegmentTargeting { SegmentTargeting() }
    public static let maxSegments = 20

    /// When not empty, the user must be in at least one of these.
    @Defaulted<Defaults.EmptyList<String>> public var include: [String]
    /// The user must be in none of these.
    @Defaulted<Defaults.EmptyList<String>> public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include.map { $0.lowercased() }
        self.exclude = exclude.map { $0.lowercased() }
    }

    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// Every segment named, included or excluded.
    public var all: [String] { include + exclude }

    /// Whether a user in exactly `membership` (segment IDs in lower case) passes.
    public func admits(_ membership: Set<String>) -> Bool {
        (include.isEmpty || include.contains { membership.contains($0.lowercased()) })
            && !exclude.contains { membership.contains($0.lowercased()) }
    }
}
