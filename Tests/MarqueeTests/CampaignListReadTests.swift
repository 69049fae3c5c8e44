import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// A ping answer that names the list by reference (`marquee.list`): the SDK reads the list from
/// its URL and holds it as it would an inline list; a list it cannot read fails the ping, which
/// is retried as a failed ping is.
@Suite struct CampaignListReadTests {
    private static let digest = String(repeating: "ab", count: 32)

    private static func pingByReference() -> Data {
        let response = PingResponse(
            currentPingMillis: 1_800_000_000_000, nextPingMillis: 60_000, data: [],
            marquee: PingExtension(frequencyCaps: [], fingerprint: "f1",
                                   list: CampaignListReference(digest: digest, url: "https://marquee.test/v1/catalog/\(digest)")))
        return try! MarqueeJSON.encoder().encode(response)
    }

    private static func list(_ campaigns: [Campaign]) -> Data {
        Data(#"{"data":"#.utf8)
            + (try! MarqueeJSON.encoder().encode(campaigns.map { CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true)) }))
            + Data("}".utf8)
    }

    @Test func aListSentByReferenceIsReadFromItsURL() async {
        let campaign = Fixture.campaign("c1", maxImpressions: 2)
        let server = StubTransport()
        server.queue("ping", .status(200, Self.pingByReference()))
        server.set(Self.digest, .status(200, Self.list([campaign])))
        let harness = Harness(campaigns: [], server: server)
        await harness.start()

        let reads = server.requests(to: Self.digest)
        #expect(reads.count == 1 && reads.first?.method == "GET")
        #expect(reads.first?.url.absoluteString == "https://marquee.test/v1/catalog/\(Self.digest)")
        let state = await harness.sdk.state()
        #expect(state.campaigns.map(\.id) == ["c1"] && state.campaigns.first?.impressionsLeft == 2)
        #expect(harness.errors.errors.isEmpty, "\(harness.errors.errors)")
    }

    @Test func aListThatCannotBeReadFailsThePingWhichIsRetried() async {
        let campaign = Fixture.campaign("c1")
        let server = StubTransport()
        server.queue("ping", .status(200, Self.pingByReference()))
        server.queue("ping", .status(200, Self.pingByReference()))
        server.queue(Self.digest, .status(503, Data()))
        server.set(Self.digest, .status(200, Self.list([campaign])))
        let harness = Harness(campaigns: [], server: server)
        await harness.start()
        #expect(await harness.sdk.state().campaigns.isEmpty, "nothing is adopted from a list not read")
        #expect(harness.errors.errors.contains { if case .httpStatus("catalog", 503) = $0 { true } else { false } })

        await harness.advance(120)
        #expect(server.requests(to: "ping").count >= 2, "the ping is retried")
        #expect(await harness.sdk.state().campaigns.map(\.id) == ["c1"])
    }
}
