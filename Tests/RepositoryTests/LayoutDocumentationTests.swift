import Foundation
import Testing

/// The layout sections describe every source folder: a folder added without a line there fails
/// here. The README's block covers the modules and the SDK's folders; `docs/server.md` covers the
/// server module's folders.
@Suite struct LayoutDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folders directly inside `path`, relative to the repository.
    static func folders(in path: String) throws -> [String] {
        let url = root.appendingPathComponent(path)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .map(\.lastPathComponent)
            .filter { !$0.hasPrefix(".") }
            .sorted()
    }

    /// The first fenced block after `heading` in the file at `path`.
    static func layoutBlock(in path: String, after heading: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let section = try #require(text.range(of: heading), "\(path) has no \(heading)")
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// Whether a line of `block` names `folder/` as its first word.
    static func names(_ block: String, _ folder: String) -> Bool {
        block.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(folder + "/") }
    }

    @Test func theReadmeNamesEveryModuleAndEveryFolderOfTheSDK() throws {
        let block = try Self.layoutBlock(in: "README.md", after: "## Project layout")
        let described = ["Sources", "Sources/Marquee", "Sources/MarqueeUI", "Sources/MarqueeUI/Inbox", "Server/Sources"]
        for parent in described {
            for folder in try Self.folders(in: parent) {
                #expect(Self.names(block, folder), "README's layout omits \(parent)/\(folder)")
            }
        }
        for folder in try Self.folders(in: ".") where !["docs", "Server", "Sources", "Tests", "Examples", "scripts", "contract", "Web"].contains(folder) {
            Issue.record("a new top-level folder, \(folder), needs a line in README's layout and in this test")
        }
    }

    @Test func theServerDocumentNamesEveryFolderOfTheServerModule() throws {
        let block = try Self.layoutBlock(in: "docs/server.md", after: "## Source layout")
        let module = "Server/Sources/MarqueeServer"
        for folder in try Self.folders(in: module) {
            #expect(Self.names(block, folder), "docs/server.md's layout omits \(folder)")
            for inner in try Self.folders(in: "\(module)/\(folder)") {
                #expect(Self.names(block, inner), "docs/server.md's layout omits \(folder)/\(inner)")
            }
        }
    }
}
