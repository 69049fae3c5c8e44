import Foundation
import MarqueeModel
import MarqueeRender
@testable import MarqueeServer
import Testing
import Vapor

/// The web SDK shows every message in a frame whose page the server renders (`POST /v1/web/frame`),
/// with the renderer iOS and the dashboard's preview use, under the page's own policy.
@Suite("SDK API: the web SDK's message frame")
struct MessageFrameTests {
    static let shop = "https://shop.example.com"

    /// Posts the form as a browser does, every value percent-encoded.
    private func frame(_ fields: [String: String], on server: TestServer, headers: [(String, String)] = []) async throws -> TestResponse {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let body = fields.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: unreserved)!)" }
            .joined(separator: "&")
        return try await server.send(.POST, "/v1/web/frame", token: nil,
                                     headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, rawBody: body)
    }

    private func webApp(_ server: TestServer, origins: [String] = [shop]) async throws -> Fixtures.CreatedApp {
        let app = try await server.createApp()
        let saved = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", json: ["webOrigins": origins])
        #expect(saved.status == .ok, "\(saved.text)")
        return app
    }

    /// The policy in the page's `<meta>` tag.
    private func metaPolicy(in html: String) throws -> String {
        let marker = "http-equiv=\"Content-Security-Policy\" content=\""
        let start = try #require(html.range(of: marker))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        return String(html[start.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test(arguments: TestDatabase.available)
    func aCampaignRendersAsAPageOfItsOwnUnderItsOwnPolicy(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await webApp(server, origins: [Self.shop, "http://localhost:8080"])
            var campaign = Fixtures.modal("Spring sale")
            campaign.message.title = "Spring sale"
            let id = try await server.createCampaign(campaign, in: app)

            let page = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id], on: server,
                                       headers: [("Origin", Self.shop)])

            #expect(page.status == .ok, "\(page.text)")
            #expect(page.headers.contentType?.subType == "html")
            #expect(page.text.contains("<title>Spring sale</title>"))
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy == (try metaPolicy(in: page.text))
                    + "; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox; frame-ancestors https://shop.example.com http://localhost:8080")
            #expect(policy.contains("script-src \(MarqueeBridge.scriptSource)"), "the bridge runs, and no other script")
            #expect(page.headers.first(name: .cacheControl)?.contains("no-store") == true)
            #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(page.headers.first(name: "Referrer-Policy") == "no-referrer")
            // A form post into a frame reads nothing back: no CORS, whatever the Origin.
            #expect(page.headers.first(name: .accessControlAllowOrigin) == nil)

            let dark = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "theme": "dark"], on: server)
            #expect(dark.text.contains(#"data-marquee-theme="dark""#))
        }
    }

    @Test func anAppWithoutWebOriginsLetsNoPageFrameIt() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)

            let page = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id], on: server)

            #expect(page.status == .ok, "\(page.text)")
            #expect(page.headers.first(name: "Content-Security-Policy")?.hasSuffix("; frame-ancestors 'none'") == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyTheAppsActiveCampaignsThatDevicesShowAreRendered(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await webApp(server)
            let other = try await server.createApp(Fixtures.NewApp(name: "Other app"))
            let othersCampaign = try await server.createCampaign(Fixtures.modal("Theirs"), in: other)
            let draft = try await server.createCampaign(Fixtures.modal("Draft", status: .draft), in: app)
            var inbox = Fixtures.modal("Inbox only")
            inbox.channel = .inbox
            inbox.message.contentAction = MessageAction(.deepLink, uri: "myapp://sale")
            let inboxOnly = try await server.createCampaign(inbox, in: app)

            for campaignID in [othersCampaign, draft, inboxOnly, UUID().uuidString.lowercased()] {
                let refused = try await frame(["subscriptionID": app.subscriptionID, "campaignID": campaignID], on: server)
                #expect(refused.status == .notFound, "\(refused.text)")
                #expect(refused.errorCode == "campaign_not_shown")
            }
            // The other app's own subscription shows its campaign.
            #expect(try await frame(["subscriptionID": other.subscriptionID, "campaignID": othersCampaign], on: server).status == .ok)

            let unknown = try await frame(["subscriptionID": "no-such-app", "campaignID": draft], on: server)
            #expect(unknown.status == .unauthorized)
            #expect(unknown.errorCode == "unknown_subscription_id")
            let missing = try await frame(["campaignID": draft], on: server)
            #expect(missing.status == .badRequest)
            #expect(missing.errorCode == "missing_subscription_id")
            #expect(missing.errorFields == ["subscriptionID"])
        }
    }

    @Test func theTranslationOfTheLanguageIsShownWithMarqueesOwnWordsInIt() async throws {
        try await TestServer.with { server in
            let app = try await webApp(server)
            let id = try await server.createCampaign(LocalizedCampaignTests.campaign(), in: app)

            let french = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "language": "fr-FR"], on: server)
            #expect(french.status == .ok, "\(french.text)")
            #expect(french.text.contains("<title>Soldes de printemps</title>"))
            #expect(french.text.contains(">Acheter<"))
            #expect(french.text.contains(RenderStrings.french.close))

            let original = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "language": ""], on: server)
            #expect(original.text.contains("<title>Spring sale</title>"))
            #expect(original.text.contains(">Shop now<"))
        }
    }

    @Test func personalizationFillsPlaceholdersAsTextNeverMarkup() async throws {
        try await TestServer.with { server in
            let app = try await webApp(server)
            var campaign = Fixtures.modal()
            campaign.message.title = "Hello %%first_name|there%%"
            campaign.message.body = "Your code: %%code%%"
            let id = try await server.createCampaign(campaign, in: app)

            let page = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id,
                                        "personalization": #"{"first_name": "<script>alert(1)</script>", "code": "A+B & C"}"#],
                                       on: server)

            #expect(page.status == .ok, "\(page.text)")
            #expect(page.text.contains("<title>Hello &lt;script&gt;alert(1)&lt;/script&gt;</title>"))
            #expect(page.text.contains("Your code: A+B &amp; C"))
            #expect(page.text.components(separatedBy: "<script").count == 2, "the bridge is the page's only script")

            let fallback = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id], on: server)
            #expect(fallback.text.contains("<title>Hello there</title>"))
        }
    }

    @Test func aVariantShowsItsOwnMessage() async throws {
        try await TestServer.with { server in
            let app = try await webApp(server)
            let id = try await server.createCampaign(ExperimentAPITests.experiment(), in: app)

            let variant = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "variant": "b"], on: server)
            #expect(variant.text.contains("<title>Free shipping today</title>"), "\(variant.text)")
            let original = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "variant": "a"], on: server)
            #expect(original.text.contains("<title>Hello</title>"))
            for shown in ["control", "z"] {
                let refused = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "variant": shown], on: server)
                #expect(refused.status == .notFound, "\(shown)")
                #expect(refused.errorCode == "campaign_not_shown")
            }
        }
    }

    @Test func everyFieldOverItsLimitIsRefusedByName() async throws {
        try await TestServer.with { server in
            let app = try await webApp(server)
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let many = Dictionary(uniqueKeysWithValues: (0...100).map { ("name\($0)", "x") })
            let manyJSON = String(decoding: try JSONEncoder().encode(many), as: UTF8.self)
            let cases: [(field: String, value: String)] = [
                ("campaignID", String(repeating: "a", count: 65)),
                ("language", String(repeating: "a", count: 36)),
                ("variant", String(repeating: "a", count: 41)),
                ("theme", "sepia"),
                ("personalization", #"{"name": ""# + String(repeating: "x", count: 8 * 1024) + #""}"#),
                ("personalization", manyJSON),
                ("personalization", #"{"name": ""# + String(repeating: "x", count: 1_001) + #""}"#),
                ("personalization", #"["not", "an", "object"]"#),
                ("personalization", #"{"count": 3}"#),
            ]
            for (field, value) in cases {
                var fields = ["subscriptionID": app.subscriptionID, "campaignID": id]
                fields[field] = value
                let refused = try await frame(fields, on: server)
                #expect(refused.status == .unprocessableEntity, "\(field): \(refused.text)")
                #expect(refused.errorFields == [field], "\(field)")
            }

            let noCampaign = try await frame(["subscriptionID": app.subscriptionID], on: server)
            #expect(noCampaign.status == .unprocessableEntity)
            #expect(noCampaign.errorFields == ["campaignID"])
            let longSubscription = try await frame(["subscriptionID": String(repeating: "s", count: 101), "campaignID": id], on: server)
            #expect(longSubscription.status == .unprocessableEntity)
            #expect(longSubscription.errorFields == ["subscriptionID"])
            // At the limits, it renders.
            let values = Dictionary(uniqueKeysWithValues: (0..<100).map { ("name\($0)", "x") })
            let fits = try await frame(["subscriptionID": app.subscriptionID, "campaignID": id, "language": String(repeating: "a", count: 35),
                                        "personalization": String(decoding: try JSONEncoder().encode(values), as: UTF8.self)], on: server)
            #expect(fits.status == .ok, "\(fits.text)")
        }
    }

    @Test func aFormPostNeedsNoPreflight() async throws {
        try await TestServer.with { server in
            let preflight = try await server.send(.OPTIONS, "/v1/web/frame", token: nil, headers: [
                ("Origin", Self.shop), ("Access-Control-Request-Method", "POST"),
            ])
            #expect(preflight.status == .methodNotAllowed)
            #expect(preflight.headers.first(name: "Allow") == "POST")
        }
    }
}
