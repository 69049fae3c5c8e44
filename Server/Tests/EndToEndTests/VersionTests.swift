import Foundation
import Marquee
import Testing

/// One version for the SDK and the server: `marquee --version`, `MarqueeSDK.version` and the
/// newest release in `CHANGELOG.md` agree.
@Suite("One version")
struct VersionTests {
    @Test func theServerAndTheSDKPrintTheSameVersion() async throws {
        let run = try await UsersCLITests.marquee(["--version"])
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == MarqueeSDK.version)
    }

    @Test func theChangelogDescribesThisVersion() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(releases.first, "CHANGELOG.md lists no release")
        #expect(newest.hasPrefix("## [\(MarqueeSDK.version)] - "), "the newest release is \(newest)")
        let api = try String(contentsOf: root.appendingPathComponent("Server/Sources/MarqueeServer/Ops/Resources/openapi.yaml"), encoding: .utf8)
        #expect(api.split(separator: "\n").contains("  version: \(MarqueeSDK.version)"), "openapi.yaml describes this version")
    }
}
