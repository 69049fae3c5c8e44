@testable import MarqueeServer
import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// An app's campaigns together have a size limit, refused at save with the room left, so no ping
/// answer can exceed the documented ceiling.
@Suite("Catalog budget")
struct CatalogBudgetTests {
    /// A campaign of about `kilobytes` KB in a ping: forty translations of long text.
    static func heavy(_ name: String, kilobytes: Int) -> Campaign {
        var campaign = Fixtures.modal(name)
        let perTranslation = kilobytes * 1024 / 40
        for index in 0..<40 {
            campaign.message.translations["es-\(100 + index)"] = MessageTranslation(
                title: "T\(index)", body: String(repeating: "x", count: max(1, perTranslation - 120)))
        }
        return campaign
    }

    @Test(arguments: TestDatabase.available)
    func aSaveOverTheBudgetIsRefusedWithTheRoomLeft(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            // Fill the budget with campaigns of about 150 KB until the next would not fit.
            var saved: [String] = []
            var refused: TestResponse?
            for index in 0..<40 {
                let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                                     json: Self.heavy("Heavy \(index)", kilobytes: 150))
                if response.status == .unprocessableEntity {
                    refused = response
                    break
                }
                #expect(response.status == .created, "\(response.text.prefix(300))")
                saved.append(try #require(response.json["id"] as? String))
            }
            let refusal = try #require(refused, "the budget stops the saves")
            #expect(refusal.errorFields == ["message"])
            #expect(refusal.text.contains("2048 KB"), "\(refusal.text)")
            #expect(refusal.text.contains("leaving"))
            #expect(saved.count >= 10 && saved.count <= 14)

            // Replacing a campaign counts it once, not twice: saving it again as it is passes.
            let id = try #require(saved.first)
            let current = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)").decode(Campaign.self)
            #expect(try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(id)", json: current).status == .ok)
            // A deleted campaign frees its room.
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/campaigns/\(id)").status == .noContent)
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                          json: Self.heavy("Heavy again", kilobytes: 150)).status == .created)

            // Every campaign goes to a Marquee client that names no language: the largest answer
            // there is, and it stays under the ceiling.
            let ping = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                             json: Fixtures.pingBody(capabilities: Capability.allInline))
            #expect(ping.status == .ok)
            #expect(try ping.decode(LenientPingResponse.self).campaigns.count == saved.count)
            #expect(ping.body.count <= CatalogBudget.pingCeiling)
            #expect(ping.body.count > CatalogBudget.maxBytes * 3 / 4, "the test filled the budget: \(ping.body.count) bytes")
        }
    }

    @Test func aCampaignsSizeIsItsLargestForm() throws {
        let campaign = Self.heavy("Heavy", kilobytes: 100)
        let bytes = try CatalogBudget.bytes(of: campaign)
        #expect(bytes > 100 * 1024 * 9 / 10)
        let encoder = MarqueeJSON.encoder()
        let form = try CampaignCatalog.Form(campaign, slot: 0, requiredCapabilities: [], encoder: encoder)
        #expect(form.extendedJSON.readableBytes == bytes)
        for language in ["es-101", "fr", ""] {
            #expect(form.json(extended: true, languages: LanguageTag.fallbacks(for: language)).readableBytes <= bytes)
            #expect(form.json(extended: false, languages: LanguageTag.fallbacks(for: language)).readableBytes <= bytes)
        }
    }
}
