import Foundation
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// Each endpoint is sent to on a lane of its own: receivers that hang hold only their own lanes,
/// so a healthy endpoint, of their app or of another, is delivered to at once.
@Suite("Webhook lanes", .serialized)
struct WebhookLaneTests {
    @Test func aHealthyEndpointReceivesWhileSixteenOthersHang() async throws {
        try await MisbehavingReceiver.with(.hangs) { slow in
            try await WebhookReceiver.with { healthyOfOther in
                try await WebhookReceiver.with { healthyOfSame in
                    // The slow ones hang for the whole test: no timeout frees their lanes.
                    try await TestServer.with(adjust: { $0.allowsPrivateWebhookURLs = true; $0.webhookTimeout = .seconds(3_600) }) { server in
                        let crowded = try await server.createApp(Fixtures.NewApp(name: "Crowded"))
                        let other = try await server.createApp(Fixtures.NewApp(name: "Other"))
                        let crowdedCampaign = try await server.createCampaign(Fixtures.modal(), in: crowded)
                        let otherCampaign = try await server.createCampaign(Fixtures.modal(), in: other)
                        for index in 0..<16 { try await server.createWebhook(in: crowded, url: "\(slow.baseURL)/hook/\(index)") }
                        try await server.createWebhook(in: crowded, url: healthyOfSame.url)
                        try await server.createWebhook(in: other, url: healthyOfOther.url)

                        // The dispatcher's production loop (tests boot the server without it)
                        // sends the first impression to all of them; the sixteen slow receivers
                        // take it and hang.
                        func measure() async throws {
                            try await server.postImpression(in: crowded, campaign: crowdedCampaign, user: "first")
                            try await within(seconds: 60, "sixteen receivers hang at once (\(slow.counted))") { slow.counted.open == 16 }

                            let sent = ContinuousClock.now
                            try await server.postImpression(in: crowded, campaign: crowdedCampaign, user: "ada")
                            try await server.postImpression(in: other, campaign: otherCampaign, user: "bob")
                            // Each healthy endpoint must receive while all sixteen still hold their
                            // first request: it waited for none of them.
                            for (healthy, device) in [(healthyOfOther, "device-bob"), (healthyOfSame, "device-ada")] {
                                var slowAtReceipt = slow.counted
                                try await within(seconds: 60, "\(device) is delivered") {
                                    let received = healthy.received.contains { String(decoding: $0.body, as: UTF8.self).contains(device) }
                                    slowAtReceipt = slow.counted
                                    return received
                                }
                                #expect(slowAtReceipt.accepted == 16 && slowAtReceipt.open == 16,
                                        "\(device) arrived while the sixteen still hung: \(slowAtReceipt)")
                            }
                            print("webhook lanes: healthy endpoints served \(ContinuousClock.now - sent) after the events, beside 16 hanging ones")
                        }
                        let loop = Task { await server.app.marquee.webhooks.run() }
                        // Stopped, its lanes with it, before the server's database closes.
                        func stop() async {
                            loop.cancel()
                            await loop.value
                        }
                        do { try await measure() } catch {
                            await stop()
                            throw error
                        }
                        await stop()
                    }
                }
            }
        }
    }

    @Test func lanesAreCappedPerAppAndAcrossTheServerAndOrderedFairly() async throws {
        let lanes = WebhookLanes(total: 3, perApp: 2)
        let (crowded, other) = (UUID(), UUID())
        let endpoints = (0..<3).map { _ in UUID() }
        // Holds its lane until the lanes are stopped (cancelled).
        @Sendable func hold() async { try? await Task.sleep(for: .seconds(3_600)) }
        #expect(lanes.start(endpoints[0], app: crowded, hold))
        #expect(!lanes.start(endpoints[0], app: crowded, hold), "one lane per endpoint")
        #expect(lanes.start(endpoints[1], app: crowded, hold))
        #expect(!lanes.start(endpoints[2], app: crowded, hold), "two lanes per app")
        let first = UUID(), second = UUID()
        #expect(lanes.fairOrder([endpoints[2], first, second], app: { $0 == endpoints[2] ? crowded : other })
                == [first, endpoints[2], second], "the app with no busy lane goes first, then apps take turns")
        #expect(lanes.start(first, app: other, hold))
        #expect(!lanes.start(second, app: other, hold), "three lanes in all")
        await lanes.stopAll()
        try await within(seconds: 5, "the lanes are free again") { lanes.busyCount == 0 }
        @Sendable func nothing() async {}
        #expect(lanes.start(second, app: other, nothing))
    }
}
