import Foundation
@testable import MarqueeServer
import Testing

/// The binary carries what it serves: the embedded files are `Ops/Resources/openapi.yaml` and every
/// file of `Dashboard/Web/`, byte for byte, as EmbedResourcesPlugin wrote them at build time.
@Suite struct EmbeddedResourcesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MarqueeServer")

    @Test func theEmbeddedFilesAreTheResourcesAsTheyAreNow() throws {
        let openAPI = try String(contentsOf: Self.sources.appendingPathComponent("Ops/Resources/openapi.yaml"), encoding: .utf8)
        #expect(EmbeddedResources.openAPI == openAPI, "openapi.yaml is embedded as it is")
        let dashboard = Self.sources.appendingPathComponent("Dashboard/Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: dashboard.path).filter { !$0.hasPrefix(".") }
        #expect(Set(EmbeddedResources.dashboard.keys) == Set(names), "every dashboard file is embedded, and no other")
        for name in names {
            let text = try String(contentsOf: dashboard.appendingPathComponent(name), encoding: .utf8)
            #expect(EmbeddedResources.dashboard[name] == text, "\(name) is embedded as it is")
            #expect(DashboardController.contentType(of: name) != nil, "\(name) has no content type")
        }
    }
}
