import Foundation
import Testing

/// The SDK runs from iOS 13: APIs newer than that stay out of its sources. What the Linux build
/// cannot catch (Apple availability) is checked here by reading the sources.
@Suite struct PlatformFloorTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized

    /// Foundation's `withLock` needs iOS 16; the SDK's own `locked` does the same from iOS 13.
    @Test(arguments: ["Marquee", "MarqueeModel", "MarqueeWire", "MarqueeRender"])
    func noIOS16LockingInTheSDK(_ target: String) throws {
        let directory = Self.sources.appendingPathComponent(target)
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty, "read \(directory.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let uses = text.components(separatedBy: "\n").filter { $0.contains(".withLock") && !$0.contains("///") }
            #expect(uses.isEmpty, "\(file.lastPathComponent) uses withLock: \(uses)")
        }
    }
}
