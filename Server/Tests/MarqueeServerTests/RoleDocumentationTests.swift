import Foundation
@testable import MarqueeServer
import Testing

/// What the README and `docs/server.md` tell an operator a `viewer` may read is what the server
/// lets one read: survey answers with their export (which names users) and users' profiles, so
/// whoever hands out accounts knows what they hand out.
@Suite struct RoleDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func viewersReadSurveyExportsAndProfilesAsTheDocumentsSay() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(SurveyAPITests.survey(), in: app)
            try await SurveyAPITests.answer(server, app, campaign: id, user: "ada", batch: "d1", answers: [SurveyAPITests.nps(9)])
            try await server.createAccount("viewer@example.com", role: "viewer")
            let viewer = try await server.signIn("viewer@example.com")

            let export = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/export", session: viewer)
            #expect(export.status == .ok)
            #expect(export.text.contains("\"ada\""), "the export names the user")
            let profile = "/api/v1/apps/\(app.id)/users/ada/profile"
            #expect(try await server.send(.GET, profile, session: viewer).status == .ok)
            #expect(try await server.send(.PATCH, profile, session: viewer, json: ["attributes": ["plan": "gold"]]).status == .forbidden)
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/profiles/import", session: viewer).status == .forbidden)
        }

        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/server.md"), encoding: .utf8)
        let row = try #require(guide.split(separator: "\n").first { $0.hasPrefix("| `viewer` |") })
        for phrase in ["survey answers", "CSV export", "profiles"] {
            #expect(row.contains(phrase), "docs/server.md's viewer row says viewers read \(phrase)")
        }
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`viewer` included, can read what users left behind: survey answers"))
    }
}
