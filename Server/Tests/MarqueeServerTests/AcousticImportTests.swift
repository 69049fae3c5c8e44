import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// `POST /api/v1/apps/:appID/campaigns/import/acoustic`: Acoustic's in-app message, as a push
/// carries it, becomes a campaign shown on its rules; every problem is named by its field.
@Suite("Acoustic in-app import")
struct AcousticImportTests {
    static let push = """
        {"aps": {"content-available": 1},
         "inApp": {"rules": ["pizzaready", "all"], "maxViews": 2, "template": "default",
                   "content": {"text": "Your pizza is on its way", "icon": "store", "orientation": "top", "duration": 8,
                               "action": {"type": "url", "value": "https://pizza.example.com/track"}},
                   "triggerDate": "2026-11-01T00:00:00Z", "expirationDate": "2026-11-30T00:00:00.000+00:00"}}
        """

    func path(_ app: Fixtures.CreatedApp, _ query: String = "") -> String {
        "/api/v1/apps/\(app.id)/campaigns/import/acoustic\(query)"
    }

    @Test(arguments: TestDatabase.available)
    func aPushPayloadBecomesADraftCampaignOnItsRules(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, path(app), raw: Self.push)
            #expect(response.status == .created, "\(response.text)")
            let campaign = try response.decode(Campaign.self)
            #expect(campaign.status == .draft, "imported campaigns wait for review")
            #expect(campaign.name == "Acoustic in-app: pizzaready, all")
            #expect(campaign.triggers.triggers == [Trigger(.rule, name: "pizzaready"), Trigger(.rule, name: "all")])
            #expect(campaign.triggers.match == .any)
            #expect(campaign.delivery.maxImpressions == 2)
            #expect(campaign.delivery.endTime == MarqueeJSON.parseDate("2026-11-30T00:00:00Z"))
            #expect(campaign.message.kind == .banner && campaign.message.title == "Your pizza is on its way")
            #expect(campaign.message.banner?.icon == .store && campaign.message.banner?.autoCloseSeconds == 8)

            let stored = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign.id)")
            #expect(try stored.decode(Campaign.self) == campaign, "what was answered is what was stored")
        }
    }

    @Test func theInAppObjectAloneWithANameAndStatus() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, path(app, "?name=Weekend%20offer&status=active"), raw: """
                {"rules": ["offer"], "template": "image", "content": {"image": "https://cdn.example.com/offer.png", "title": "Half price"}}
                """)
            #expect(response.status == .created, "\(response.text)")
            let campaign = try response.decode(Campaign.self)
            #expect(campaign.name == "Weekend offer" && campaign.status == .active)
            #expect(campaign.message.kind == .image && campaign.message.image?.url == "https://cdn.example.com/offer.png")
        }
    }

    @Test func badPayloadsAreRefusedWithTheirFieldsAndStoreNothing() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let invalid = try await server.send(.POST, path(app), raw: """
                {"inApp": {"rules": [], "template": "carousel", "content": {"text": "Hi"}, "expirationDate": "soon"}}
                """)
            #expect(invalid.status == .unprocessableEntity)
            #expect(invalid.errorFields == ["rules", "template", "expirationDate"])

            let unreadable = try await server.send(.POST, path(app), raw: #"{"inApp": {"rules": "launch"}}"#)
            #expect(unreadable.status == .badRequest && unreadable.errorCode == "invalid_body", "\(unreadable.text)")
            let malformed = try await server.send(.POST, path(app), raw: #"{"inApp": "#)
            #expect(malformed.status == .badRequest && malformed.errorCode == "invalid_body")
            let empty = try await server.send(.POST, path(app), raw: #"{"aps": {"alert": "Hello"}}"#)
            #expect(empty.status == .badRequest && empty.text.contains("no in-app message"))
            let badStatus = try await server.send(.POST, path(app, "?status=live"), raw: Self.push)
            #expect(badStatus.status == .badRequest && badStatus.errorCode == "invalid_query")

            let list = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns")
            #expect((list.json["items"] as? [Any])?.isEmpty == true, "nothing was stored")
        }
    }

    @Test func viewersCannotImportAndEditorsCan() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            try await server.createAccount("viewer@example.com", role: "viewer")
            try await server.createAccount("editor@example.com", role: "editor")
            let viewer = try await server.signIn("viewer@example.com")
            let editor = try await server.signIn("editor@example.com")
            let refused = try await server.send(.POST, path(app), token: nil, headers: viewer.headers(), raw: Self.push)
            #expect(refused.status == .forbidden)
            let accepted = try await server.send(.POST, path(app), token: nil, headers: editor.headers(), raw: Self.push)
            #expect(accepted.status == .created, "\(accepted.text)")
        }
    }
}
