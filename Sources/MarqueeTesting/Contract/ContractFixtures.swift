import Foundation

/// The contract's files, read from the repository's `contract/` folder: what every runner of the
/// client contract (the SDK's, the server's) loads its cases from.
public enum ContractFixtures {
    /// The repository's `contract/` folder, found from this file's place in
    /// `Sources/MarqueeTesting/Contract/`.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("contract")

    /// Every case of every area file, or why they could not be read.
    public static let loaded: Result<[ContractCase], any Error> = Result { try readAll() }

    /// The cases a runner runs: every case `skips` does not declare skipped. Nothing when the
    /// files or the skips cannot be read; the runner's own tests of them say why.
    public static func runnable(skipping skips: Result<ContractSkips, any Error>) -> [ContractCase] {
        let cases = (try? loaded.get()) ?? []
        let skips = (try? skips.get()) ?? ContractSkips(entries: [:])
        return cases.filter { skips.reason(for: $0.id) == nil }
    }

    /// The area files: every `.json` file directly in the folder (skips live in a subfolder).
    public static func areaFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    public static func readAll() throws -> [ContractCase] {
        try areaFiles().flatMap(read)
    }

    /// Reads one area file: `{"area": …, "cases": [{"name", "kind", "input", "expected"}]}`.
    public static func read(_ file: URL) throws -> [ContractCase] {
        let fileName = file.lastPathComponent
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
              let area = root["area"] as? String, let cases = root["cases"] as? [[String: Any]] else {
            throw ContractError.unreadableFile(fileName, "it needs \"area\" and \"cases\"")
        }
        guard Set(root.keys) == ["area", "cases"] else {
            throw ContractError.unreadableFile(fileName, "only \"area\" and \"cases\" may be at its top")
        }
        guard fileName == area + ".json" else {
            throw ContractError.unreadableFile(fileName, "the area \(area) belongs in \(area).json")
        }
        return try cases.map { item in
            guard let name = item["name"] as? String, let kind = item["kind"] as? String,
                  let input = item["input"], let expected = item["expected"] else {
                throw ContractError.unreadableFile(fileName, "a case needs \"name\", \"kind\", \"input\" and \"expected\"")
            }
            let extra = Set(item.keys).subtracting(["name", "kind", "input", "expected", "note"])
            guard extra.isEmpty else {
                throw ContractError.unreadableFile(fileName, "\(name) has unknown keys \(extra.sorted())")
            }
            return ContractCase(area: area, name: name, kind: kind,
                                input: try JSONSerialization.data(withJSONObject: input, options: [.fragmentsAllowed]),
                                expected: try JSONSerialization.data(withJSONObject: expected, options: [.fragmentsAllowed]))
        }
    }

    /// The contract's version, from `contract/VERSION`.
    public static func version() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
