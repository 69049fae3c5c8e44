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

/// ``MarqueeSDK/refresh()`` fetches now, and waits while the SDK is disabled.
@Suite struct RefreshTests {
    @Test func refreshPingsNowAndWaitsWhileDisabled() async {
        let harness = Harness(campaigns: [Fixture.campaign("c1")])
        harness.sdk.refresh()   // before configuration: nothing to refresh yet
        await harness.start()
        #expect(harness.server.requests(to: "ping").count == 1)

        harness.sdk.refresh()
        await harness.sdk.waitUntilIdle()
        #expect(harness.server.requests(to: "ping").count == 2, "a refresh pings at once")

        harness.sdk.isEnabled = false
        harness.sdk.refresh()
        await harness.sdk.waitUntilIdle()
        #expect(harness.server.requests(to: "ping").count == 2, "a disabled SDK sends nothing")
        harness.sdk.isEnabled = true
        await harness.sdk.waitUntilIdle()
        #expect(harness.server.requests(to: "ping").count == 3, "the refresh goes out once enabled")
    }
}
