import Foundation
import MarqueeModel
import Testing

@Suite("Admin API: previews")
struct PreviewTests {
    struct Draft: Encodable {
        var message: Message
        var theme: Theme?
        var format: String?
        var width: Int?
        var personalization: [String: String]?
    }

    @Test(arguments: TestDatabase.available)
    func savedCampaignsRenderAsHTMLAndText(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var campaign = Fixtures.modal("Sale")
            campaign.message.title = "Hello <b>there</b>"
            let id = try await server.createCampaign(campaign, in: app)
            let base = "/api/v1/apps/\(app.id)/campaigns/\(id)/preview"

            let html = try await server.send(.GET, "\(base)?theme=dark")
            #expect(html.status == .ok)
            #expect(html.headers.contentType?.subType == "html")
            #expect(html.text.contains("Content-Security-Policy"))
            #expect(html.text.contains("Hello &lt;b&gt;there&lt;/b&gt;"), "campaign text is escaped")
            #expect(!html.text.contains("<b>there</b>"))

            let text = try await server.send(.GET, "\(base)?format=text&width=40")
            #expect(text.status == .ok)
            #expect(text.text.contains("Hello <b>there</b>"))
            #expect(text.text.contains("[1] OK"))

            #expect(try await server.send(.GET, "\(base)?format=pdf").status == .badRequest)
            #expect(try await server.send(.GET, "\(base)?theme=neon").status == .badRequest)
            #expect(try await server.send(.GET, "\(base)?format=text&width=5").status == .badRequest)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(UUID())/preview").status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func draftsRenderWithoutBeingSaved(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let message = Message(kind: .banner, title: "Hi %%first_name|friend%%", banner: BannerSettings(placement: .top))
            let response = try await server.send(.POST, "/api/v1/preview", json: Draft(
                message: message, format: "text", width: 50, personalization: ["first_name": "Ada"]))
            #expect(response.status == .ok)
            #expect(response.text.contains("Hi Ada"))

            var broken = message
            broken.kind = .video
            let invalid = try await server.send(.POST, "/api/v1/preview", json: Draft(message: broken))
            #expect(invalid.status == .unprocessableEntity)
            #expect(invalid.errorFields == ["message.media.videoURL"])

            #expect(try await server.send(.POST, "/api/v1/preview", token: nil, json: Draft(message: message)).status == .unauthorized)
        }
    }
}
