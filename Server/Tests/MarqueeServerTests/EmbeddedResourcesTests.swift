import Foundation
@testable import MarqueeServer
import Testing

/// The binary carries what it serves: the embedded files are the ones in `Resources/`, byte for
/// byte. When this fails, run `Server/scripts/embed-resources`.
@Suite struct EmbeddedResourcesTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MarqueeServer/Ops/Resources")

    @Test func theEmbeddedFilesAreTheResourcesAsTheyAreNow() throws {
        let openAPI = try String(contentsOf: Self.resources.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(EmbeddedResources.openAPI == openAPI, "openapi.yaml changed: run Server/scripts/embed-resources")
        let dashboard = Self.resources.appendingPathComponent("Dashboard")
        let names = try FileManager.default.contentsOfDirectory(atPath: dashboard.path).filter { !$0.hasPrefix(".") }
        #expect(Set(EmbeddedResources.dashboard.keys) == Set(names), "a dashboard file was added or removed: run Server/scripts/embed-resources")
        for name in names {
            let text = try String(contentsOf: dashboard.appendingPathComponent(name), encoding: .utf8)
            #expect(EmbeddedResources.dashboard[name] == text, "\(name) changed: run Server/scripts/embed-resources")
            #expect(DashboardController.contentType(of: name) != nil, "\(name) has no content type")
        }
    }
}
