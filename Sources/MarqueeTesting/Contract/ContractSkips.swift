import Foundation

/// The cases a runner declares it does not run, each with its reason: `contract/skips/<sdk>.json`,
/// `{"area/name or glob": "reason"}`. `*` matches any run of characters, `/` included.
public struct ContractSkips: Sendable {
    public let entries: [String: String]

    public init(entries: [String: String]) {
        self.entries = entries
    }

    /// The declarations of `sdk` (`swift`, `server`, …), from `contract/skips/<sdk>.json`.
    public static func declared(by sdk: String) -> Result<ContractSkips, any Error> {
        Result { try read(ContractFixtures.folder.appendingPathComponent("skips/\(sdk).json")) }
    }

    public static func read(_ file: URL) throws -> ContractSkips {
        guard let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String] else {
            throw ContractError.unreadableFile(file.lastPathComponent, "skips map case names or globs to reasons")
        }
        return ContractSkips(entries: entries)
    }

    /// The declared reason for skipping `id`, if a declaration covers it.
    public func reason(for id: String) -> String? {
        entries.first { Self.glob($0.key, matches: id) }?.value
    }

    /// What is wrong with the declarations against `cases`: a skip that gives no reason, or that
    /// names no case (a skip outlives the case it was for). Empty when nothing is.
    public func problems(against cases: [ContractCase]) -> [String] {
        entries.sorted { $0.key < $1.key }.flatMap { pattern, reason in
            var problems: [String] = []
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("the skip \(pattern) gives no reason") }
            if !cases.contains(where: { Self.glob(pattern, matches: $0.id) }) { problems.append("the skip \(pattern) names no case") }
            return problems
        }
    }

    /// Whether `pattern`, where `*` stands for any characters, matches the whole of `text`.
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]) else { return false }
        var rest = text.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
