import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// The SDK sends the fingerprint of the list it holds, keeps that list when the server answers
/// "unchanged", and asks again in full if an "unchanged" answer does not match what it holds.
@Suite struct ConditionalPingTests {
    private static func ping(_ campaigns: [Campaign], fingerprint: String, unchanged: Bool = false) -> Data {
        let response = PingResponse(
            currentPingMillis: 1_800_000_000_000, nextPingMillis: 60_000,
            data: unchanged ? [] : campaigns.map { CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true)) },
            marquee: PingExtension(frequencyCaps: [], fingerprint: fingerprint, unchanged: unchanged ? true : nil))
        return try! MarqueeJSON.encoder().encode(response)
    }

    private func sentFingerprints(_ harness: Harness) -> [String?] {
        harness.server.requests(to: "ping").compactMap { $0.body }.compactMap {
            try? JSONDecoder().decode(PingRequest.self, from: $0).marqueeFingerprint
        }
    }

    @Test func anUnchangedAnswerKeepsTheListHeld() async {
        let campaign = Fixture.campaign("c1", maxImpressions: 3)
        let server = StubTransport()
        server.queue("ping", .status(200, Self.ping([campaign], fingerprint: "f1")))
        server.queue("ping", .status(200, Self.ping([], fingerprint: "f1", unchanged: true)))
        // Once the queue is used up, the harness answers every ping with the full list.
        let harness = Harness(campaigns: [campaign], server: server)
        await harness.start()
        await harness.advance(60)

        #expect(sentFingerprints(harness) == [nil, "f1"])
        let held = await harness.sdk.state().campaigns
        #expect(held.map(\.id) == ["c1"], "the held list survives an unchanged answer")
        #expect(held.first?.impressionsLeft == 3)
    }

    @Test func anUnchangedAnswerForAnotherListIsNotTrusted() async {
        let campaign = Fixture.campaign("c1")
        let server = StubTransport()
        server.queue("ping", .status(200, Self.ping([campaign], fingerprint: "f1")))
        // Claims "unchanged" for a list this device never had: it must ask again, in full.
        server.queue("ping", .status(200, Self.ping([], fingerprint: "f9", unchanged: true)))
        let harness = Harness(campaigns: [campaign], server: server)
        await harness.start()
        await harness.advance(60)

        #expect(sentFingerprints(harness) == [nil, "f1", nil])
        let state = await harness.sdk.state()
        #expect(state.campaigns.map(\.id) == ["c1"])
    }
}

/// Pings ask for the language messages are shown in, so the server sends that language's
/// translations only; choosing another language asks again at once.
@Suite struct PingLanguageTests {
    private func sentLanguages(_ harness: Harness) -> [String?] {
        harness.server.requests(to: "ping").compactMap { $0.body }.compactMap {
            try? JSONDecoder().decode(PingRequest.self, from: $0).marqueeLanguage
        }
    }

    @Test func aPingNamesTheMessageLanguageAndAChangeAsksAgain() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")], locale: "de_CH")
        await harness.start()
        #expect(sentLanguages(harness) == ["de-ch"], "the app's locale, when the app chose no language")

        harness.sdk.language = "fr"
        await harness.sdk.waitUntilIdle()
        #expect(sentLanguages(harness) == ["de-ch", "fr"], "a new language is asked for at once")

        harness.sdk.language = "fr"
        await harness.sdk.waitUntilIdle()
        #expect(sentLanguages(harness).count == 2, "the same language asks for nothing")
    }
}
