import CompressNIO
import Foundation
import MarqueeModel
import MarqueeWire
import NIOCore
import Testing

/// A campaign written once in many languages: RInAppMessaging clients are sent the language
/// their ping names (else the default), compressed or not; the Marquee SDK gets the translations
/// along the language it shows messages in (every one when it names none) and picks one itself.
@Suite("Campaigns in many languages")
struct LocalizedCampaignTests {
    static func campaign() -> Campaign {
        var campaign = Fixtures.modal("Spring sale")
        campaign.message.title = "Spring sale"
        campaign.message.body = String(repeating: "Everything in the spring collection. ", count: 30)
        campaign.message.buttons = [MessageButton(id: "shop", text: "Shop now")]
        campaign.message.translations = [
            "fr": MessageTranslation(title: "Soldes de printemps", buttons: ["shop": "Acheter"]),
            "de": MessageTranslation(title: "Frühlingsangebot", buttons: ["shop": "Jetzt kaufen"]),
        ]
        campaign.defaultLanguage = "en"
        return campaign
    }

    @Test(arguments: TestDatabase.available)
    func baseClientsGetTheLanguageTheirPingNames(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.campaign(), in: app)
            let read = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)").decode(Campaign.self)
            #expect(read.message.translations == Self.campaign().message.translations)
            #expect(read.defaultLanguage == "en")

            for (locale, title, button) in [("fr-FR", "Soldes de printemps", "Acheter"), ("de-CH", "Frühlingsangebot", "Jetzt kaufen"),
                                            ("ja-JP", "Spring sale", "Shop now"), (nil, "Spring sale", "Shop now")] {
                server.clock.advance(by: 60)  // past the device's rate limit window
                let body = Fixtures.pingBody(locale: locale)
                let plain = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d", json: body)
                let campaign = try #require(try plain.decode(LenientPingResponse.self).campaigns.first)
                #expect(campaign.message.title == title, "\(locale ?? "no locale")")
                #expect(campaign.message.buttons.map(\.text) == [button])
                // The compressed answer is the same, language and all.
                let zipped = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                                   headers: [("Accept-Encoding", "gzip")], json: body)
                #expect(zipped.headers.first(name: .contentEncoding) == "gzip")
                var buffer = ByteBuffer(data: zipped.body)
                #expect(Data(buffer: try buffer.decompress(with: .gzip())) == plain.body, "\(locale ?? "no locale")")
            }

            // A Marquee client naming no language is sent every translation, and picks one itself.
            let marquee = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all, locale: "fr-FR"))
            let whole = try #require(marquee.campaigns.first)
            #expect(whole.message.title == "Spring sale")
            #expect(whole.message.translations.keys.sorted() == ["de", "fr"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func theMarqueeSDKIsSentTheTranslationsAlongItsLanguageOnly(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var campaign = Self.campaign()
            campaign.message.translations["de-ch"] = MessageTranslation(title: "Frühlingsrabatt")
            _ = try await server.createCampaign(campaign, in: app)
            var fingerprints: Set<String> = []
            for (language, kept) in [("de-CH", ["de", "de-ch"]), ("de-AT", ["de"]), ("fr", ["fr"]), ("ja-JP", [])] {
                server.clock.advance(by: 60)
                var body = Fixtures.pingBody(capabilities: Capability.all, locale: "en-US")
                body.marqueeLanguage = language
                let answer = try await server.ping(app, body)
                let sent = try #require(answer.campaigns.first)
                #expect(sent.message.translations.keys.sorted() == kept, "\(language)")
                // The language the device picks is the one it would pick from every translation.
                #expect(sent.localized(to: language).message.title == campaign.localized(to: language).message.title, "\(language)")
                fingerprints.insert(try #require(answer.marquee?.fingerprint))
            }
            #expect(fingerprints.count == 4, "another language is another list: a device that changes language is sent it")
        }
    }

    @Test func aPingCarriesOneLanguageWhereTheCatalogHasForty() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            var campaign = Self.campaign()
            let words = String(repeating: "Alles im Frühling. ", count: 40)
            for index in 0..<38 {
                campaign.message.translations["es-\(100 + index)"] = MessageTranslation(title: "Titel \(index)", body: words)
            }
            _ = try await server.createCampaign(campaign, in: app)
            var every = Fixtures.pingBody(capabilities: Capability.allInline, locale: "en-US")
            let all = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d", json: every)
            server.clock.advance(by: 60)
            every.marqueeLanguage = "es-107"
            let one = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d", json: every)
            let sent = try #require(try one.decode(LenientPingResponse.self).campaigns.first)
            #expect(sent.message.translations.keys.sorted() == ["es-107"])
            #expect(one.body.count * 5 < all.body.count, "\(one.body.count) bytes for one language, \(all.body.count) for all")
        }
    }

    @Test func aLanguageIsNamedByAValidTag() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            var campaign = Self.campaign()
            campaign.message.translations["Italian"] = MessageTranslation(title: "Saldi")
            campaign.message.translations["es"] = MessageTranslation(buttons: ["buy": "Comprar"])
            let refused = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: campaign)
            #expect(refused.status == .unprocessableEntity)
            #expect(Set(refused.errorFields) == ["message.translations.Italian", "message.translations.es.buttons.buy"])
        }
    }

    /// RInAppMessaging clients name their locale in the configuration request, not in pings: a
    /// device's pings are sent the language its last configuration named.
    @Test(arguments: TestDatabase.available)
    func aDevicesPingsFollowTheLocaleItsConfigurationNamed(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Self.campaign(), in: app)
            func title(_ device: String) async throws -> String? {
                server.clock.advance(by: 60)
                let ping = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: device,
                                                 json: Fixtures.pingBody())
                return try ping.decode(LenientPingResponse.self).campaigns.first?.message.title
            }
            func configure(_ device: String, locale: String) async throws {
                let config = try await server.send(.GET, "/v1/config?locale=\(locale)&appVersion=1.0.0&platform=1", token: nil,
                                                   subscription: app.subscriptionID, deviceID: device)
                #expect(config.status == .ok, "\(config.text)")
            }
            #expect(try await title("phone-1") == "Spring sale", "nothing reported yet: the default")
            try await configure("phone-1", locale: "fr-FR")
            try await configure("phone-2", locale: "de-AT")
            #expect(try await title("phone-1") == "Soldes de printemps")
            #expect(try await title("phone-2") == "Frühlingsangebot")
            try await configure("phone-1", locale: "ja-JP")
            #expect(try await title("phone-1") == "Spring sale", "the latest report counts")
        }
    }
}

extension LocalizedCampaignTests {
    @Test func thePreviewShowsTheLanguageAsked() async throws {
        try await TestServer.with { server in
            for (language, title) in [("fr-FR", "Soldes de printemps"), ("ja", "Spring sale")] {
                let preview = try await server.send(.POST, "/api/v1/preview", json: PreviewBody(
                    message: Self.campaign().message, language: language, format: "text"))
                #expect(preview.status == .ok, "\(preview.text)")
                #expect(preview.text.contains(title), "\(language): \(preview.text)")
            }
            let tooLong = try await server.send(.POST, "/api/v1/preview", json: PreviewBody(
                message: Self.campaign().message, language: String(repeating: "a", count: 36), format: "text"))
            #expect(tooLong.errorFields == ["language"])
        }
    }

    private struct PreviewBody: Encodable {
        var message: Message
        var language: String
        var format: String
    }
}
