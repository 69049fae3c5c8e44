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

    @Test(arguments: TestDatabase.available)
    func inboxDraftsRenderAsTheListTheDetailAndText(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let content: [String: Any] = [
                "title": "Spring sale", "body": "Twenty percent off everything in the shop until Sunday",
                "mainAction": ["type": "deepLink", "url": "shop://sale"],
                "buttons": [["title": "Shop now", "action": ["type": "browser", "url": "https://example.com/sale"]]],
            ]
            func preview(_ fields: [String: Any]) async throws -> TestResponse {
                var body = fields
                body["message"] = body["message"] ?? content
                let raw = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
                return try await server.send(.POST, "/api/v1/preview/inbox", raw: raw)
            }

            let list = try await preview([:])
            #expect(list.status == .ok)
            #expect(list.headers.contentType?.subType == "html")
            #expect(list.text.contains("Spring sale") && list.text.contains(#"data-index="1""#))
            let detail = try await preview(["view": "detail"])
            #expect(detail.text.contains(#"href="https://example.com/sale""#))
            let text = try await preview(["view": "list", "format": "text", "width": 40])
            #expect(text.headers.contentType?.subType == "plain")
            #expect(text.text.contains("1. Spring sale"), "\(text.text)")
            #expect(text.text.split(separator: "\n").allSatisfy { $0.count <= 40 })

            let tooNarrow = try await preview(["format": "text", "width": 10])
            #expect(tooNarrow.status == .badRequest)
            let unsafe = try await preview(["message": ["title": "Hi", "mainAction": ["type": "browser", "url": "javascript:alert(1)"]]])
            #expect(unsafe.status == .unprocessableEntity)
            #expect(unsafe.errorFields == ["message.mainAction.url"])
            let unknown = try await preview(["message": content, "layout": "grid"])
            #expect(unknown.errorCode == "unknown_field")
        }
    }
}
