import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// Polling follows the server's `nextPingMillis` for the whole launch, whatever the switches did meanwhile.
@Suite struct PollingTests {
    static func harness() -> Harness {
        let harness = Harness()
        harness.server.set("ping", .status(200, Fixture.ping([], nextPingMillis: 60_000)))
        return harness
    }

    @Test func aPingThatCameDueWhileDisabledIsSentOnReEnablingAndPollingGoesOn() async {
        let harness = Self.harness()
        await harness.start()
        harness.sdk.isEnabled = false

        await harness.advance(60)
        let whileDisabled = harness.server.requests(to: "ping").count
        harness.sdk.isEnabled = true
        await harness.sdk.waitUntilIdle()
        let afterEnabling = harness.server.requests(to: "ping").count
        await harness.advance(60)

        #expect(whileDisabled == 1, "a disabled SDK sends nothing")
        #expect(afterEnabling == 2, "the missed ping goes out on re-enabling")
        #expect(harness.server.requests(to: "ping").count == 3, "and polling continues")
    }

    @Test func reEnablingBeforeAPingIsDueKeepsTheSchedule() async {
        let harness = Self.harness()
        await harness.start()

        harness.sdk.isEnabled = false
        await harness.advance(30)
        harness.sdk.isEnabled = true
        await harness.advance(29)
        let beforeDue = harness.server.requests(to: "ping").count
        await harness.advance(1)

        #expect(beforeDue == 1)
        #expect(harness.server.requests(to: "ping").count == 2)
    }

    @Test func aUserChangeWhileDisabledPingsForThatUserOnReEnabling() async throws {
        let harness = Self.harness()
        await harness.start()
        harness.sdk.isEnabled = false

        harness.sdk.registerPreference(TestUser(userID: "u2"))
        await harness.sdk.waitUntilIdle()
        harness.sdk.isEnabled = true
        await harness.sdk.waitUntilIdle()

        let pings = harness.server.requests(to: "ping")
        #expect(pings.count == 2)
        let body = try JSONDecoder().decode(PingRequest.self, from: try #require(pings.last?.body))
        #expect(body.userIdentifiers.map(\.id) == ["u2"])
    }

    @Test func pollingGoesOnWhilePaused() async {
        let harness = Self.harness()
        await harness.start()
        harness.sdk.isPaused = true

        await harness.advance(60)
        await harness.advance(60)

        #expect(harness.server.requests(to: "ping").count == 3)
    }
}

/// ``MarqueeSDK/refresh()`` fetches now and says how it went.
@Suite struct RefreshTests {
    @Test func refreshPingsNowAndReturnsWhenTheCampaignsAreCurrent() async throws {
        let server = StubTransport()
        let harness = Harness(campaigns: [Fixture.campaign("c1")], server: server)
        await harness.start()
        server.set("ping", .status(200, Fixture.ping([Fixture.campaign("c1"), Fixture.campaign("c2")])))

        try await harness.sdk.refresh()

        #expect(harness.server.requests(to: "ping").count == 2, "a refresh pings at once")
        #expect(await harness.sdk.state().campaigns.map(\.id) == ["c1", "c2"])
    }

    @Test func refreshBeforeConfigureThrowsNotConfigured() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])

        await #expect(throws: RefreshError.notConfigured) { try await harness.sdk.refresh() }
        #expect(harness.server.requests.isEmpty)
    }

    @Test func refreshOfflineThrowsOffline() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])
        await harness.start()
        harness.server.set("ping", .failure)

        await #expect {
            try await harness.sdk.refresh()
        } throws: { error in
            guard case RefreshError.offline = error else { return false }
            return true
        }
    }

    @Test func refreshWithAServerErrorThrowsFailed() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])
        await harness.start()
        harness.server.set("ping", .status(500, Data()))

        await #expect(throws: RefreshError.failed(.httpStatus(endpoint: "ping", status: 500))) {
            try await harness.sdk.refresh()
        }
    }

    @Test func refreshWhileDisabledThrowsAndGoesOutOnceEnabled() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])
        await harness.start()

        harness.sdk.isEnabled = false
        await #expect(throws: RefreshError.disabled) { try await harness.sdk.refresh() }
        #expect(harness.server.requests(to: "ping").count == 1, "a disabled SDK sends nothing")
        harness.sdk.isEnabled = true
        await harness.sdk.waitUntilIdle()

        #expect(harness.server.requests(to: "ping").count == 2, "the refresh goes out once enabled")
    }

    @Test func refreshFetchesTheConfigurationFirstWhenItNeverArrived() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])
        harness.server.queue("config", .failure)
        await harness.start()
        #expect(harness.server.requests(to: "ping").isEmpty)

        try await harness.sdk.refresh()

        #expect(await harness.sdk.state().campaigns.map(\.id) == ["c1"])
    }
}
