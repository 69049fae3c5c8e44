import Foundation

/// The cases an SDK declares it does not run, each with its reason: `contract/skips/<sdk>.json`,
/// `{"area/name or glob": "reason"}`. `*` matches any run of characters, `/` included.
struct ContractSkips: Sendable {
    let entries: [String: String]

    /// The Swift SDK's declarations.
    static let swift: Result<ContractSkips, any Error> = Result {
        try read(ContractFixtures.folder.appendingPathComponent("skips/swift.json"))
    }

    static func read(_ file: URL) throws -> ContractSkips {
        guard let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String] else {
            throw ContractError.unreadableFile(file.lastPathComponent, "skips map case names or globs to reasons")
        }
        return ContractSkips(entries: entries)
    }

    /// The declared reason for skipping `id`, if a declaration covers it.
    func reason(for id: String) -> String? {
        entries.first { Self.glob($0.key, matches: id) }?.value
    }

    /// Whether `pattern`, where `*` stands for any characters, matches the whole of `text`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
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
