import Foundation
import Marquee
import MarqueeModel
import MarqueeServer
import MarqueeTestSupport
import Testing

/// The live channel (`GET /v1/live`) against a live server: campaign changes reach open apps at
/// once, a paired device shows a draft sent from the dashboard, and a debug session names why a
/// message did not show.
@MainActor
@Suite("Live channel, previews and debug sessions")
struct LiveChannelTests {
    private func waitFor(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test func aCampaignActivatedInTheDashboardShowsOnAForegroundDeviceWithinTenSeconds() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "live-app")
        var draft = CampaignDraft.make("Flash sale")
        draft.status = .draft
        let campaign = try await server.createCampaign(draft, in: app)
        // A real clock: nothing but the live channel brings the change before the hour's ping.
        let directory = TestDevice.freshDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sdk = MarqueeSDK(environment: MarqueeEnvironment(
            storageDirectory: directory, app: AppInfo(appID: "com.example.live", appVersion: "1.0", locale: "en_US", deviceID: "live-device"),
            buildConfiguration: BuildConfiguration(), observesSystemLifecycle: false))
        let presenter = RecordingPresenter()
        sdk.register(presenter: presenter)
        sdk.configure(subscriptionID: app.subscriptionID, configurationURL: server.configurationURL)
        sdk.logEvent(AppStartEvent())
        await sdk.waitUntilIdle()
        #expect(presenter.displayed.isEmpty)
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 1 }, "the SDK opened its live channel")

        try await server.setStatus(.active, of: campaign, in: app)
        #expect(await waitFor(seconds: 10) { presenter.displayed.map(\.id) == [campaign.id] },
                "the campaign shows within 10 s, with no app action")

        // In the background the channel closes; back in the foreground it opens again.
        sdk.appWillResignActive()
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 0 })
        sdk.appDidBecomeActive()
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 1 })
        sdk.liveUpdates = false
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 0 }, "the setting turns the channel off")
    }

    @Test func aCampaignEditReachesAnOpenChannelWithinThreeSecondsAndALateReaderCatchesUp() async throws {
        let server = try await LiveServer.start(seedsDemo: true)
        defer { Task { await server.stop() } }
        let reader = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription")
        defer { reader.close() }
        #expect(await reader.waitForStatus(seconds: 5) == 200)
        #expect(await reader.waitFor(seconds: 5) { $0.contains("retry: ") })
        #expect(!reader.text.contains("event: catalog"))

        let apps = try JSONSerialization.jsonObject(with: try await server.admin("GET", "api/v1/apps")) as? [String: Any]
        let appID = try #require(((apps?["items"] as? [[String: Any]])?.first?["id"]) as? String)
        let list = try JSONSerialization.jsonObject(with: try await server.admin("GET", "api/v1/apps/\(appID)/campaigns")) as? [String: Any]
        let campaign = try #require((list?["items"] as? [[String: Any]])?.first)
        let campaignID = try #require(campaign["id"] as? String)
        let status = (campaign["status"] as? String) == "active" ? "paused" : "active"
        try await server.admin("PUT", "api/v1/apps/\(appID)/campaigns/\(campaignID)/status", body: ["status": status])
        #expect(await reader.waitFor(seconds: 3) { $0.contains("event: catalog") }, "got: \(reader.text)")
        let version = try #require(reader.text.components(separatedBy: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))

        // A device that saw an older version is told at once when it connects again; one that saw this one is not.
        let late = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription", lastEventID: "1")
        defer { late.close() }
        #expect(await late.waitFor(seconds: 3) { $0.contains("event: catalog\n") && $0.contains("id: \(version)") })
        let current = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription", lastEventID: String(version))
        defer { current.close() }
        #expect(await current.waitFor(seconds: 2) { $0.contains(": connected") })
        #expect(!current.text.contains("event: catalog"))
    }

    @Test func channelsBeyondTheLimitAreRefusedClearlyAndHeartbeatsKeepQuietOnesAlive() async throws {
        let server = try await LiveServer.start(seedsDemo: true) { configuration in
            configuration.maxLiveConnections = 2
            configuration.liveHeartbeatSeconds = 1
        }
        defer { Task { await server.stop() } }
        let readers = (0..<2).map { _ in EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription") }
        defer { readers.forEach { $0.close() } }
        for reader in readers { #expect(await reader.waitForStatus(seconds: 5) == 200) }
        let third = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription")
        defer { third.close() }
        #expect(await third.waitForStatus(seconds: 5) == 503)
        #expect(await third.waitFor(seconds: 2) { $0.contains("live_connections_full") })
        #expect(await readers[0].waitFor(seconds: 5) { $0.contains(": heartbeat") })

        // A client that goes frees its place.
        readers[1].close()
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 1 })
        let next = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription")
        defer { next.close() }
        #expect(await next.waitForStatus(seconds: 5) == 200)
        let unknown = EventStreamReader(baseURL: server.baseURL, subscriptionID: "no-such-app")
        defer { unknown.close() }
        #expect(await unknown.waitForStatus(seconds: 5) == 401)
    }

    /// One device, or one address, cannot take every channel: a device that opens many keeps its
    /// newest two, and an address at its share is refused while another address still gets in.
    @Test func oneDeviceOrOneAddressCannotTakeEveryChannel() async throws {
        // Behind a trusted proxy (the test's own loopback), X-Forwarded-For names each client.
        let server = try await LiveServer.start(seedsDemo: true, trustedProxies: try TrustedProxies(parsing: "127.0.0.0/8")) { configuration in
            configuration.maxLiveConnections = 20
            configuration.maxLiveConnectionsPerAddress = 3
        }
        defer { Task { await server.stop() } }
        func reader(device: String, address: String) -> EventStreamReader {
            EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription", deviceID: device,
                              extra: ["X-Forwarded-For": address])
        }

        // One device opens five channels, one after another, from five addresses.
        var phone: [EventStreamReader] = []
        defer { phone.forEach { $0.close() } }
        for index in 0..<5 {
            phone.append(reader(device: "phone", address: "198.51.100.\(index + 1)"))
            #expect(await phone[index].waitForStatus(seconds: 5) == 200)
            #expect(await phone[index].waitFor(seconds: 5) { $0.contains(": connected") })
        }
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 2 }, "the device keeps two channels")
        for old in phone.prefix(3) { #expect(await old.waitFor(seconds: 5) { _ in old.ended }, "its oldest channels ended") }
        #expect(!phone[3].ended && !phone[4].ended)

        // One address takes its share; the next channel from it is refused, another address's is not.
        let crowd = (0..<3).map { reader(device: "crowd-\($0)", address: "203.0.113.9") }
        defer { crowd.forEach { $0.close() } }
        for one in crowd { #expect(await one.waitForStatus(seconds: 5) == 200) }
        let refused = reader(device: "crowd-3", address: "203.0.113.9")
        defer { refused.close() }
        #expect(await refused.waitForStatus(seconds: 5) == 503)
        #expect(await refused.waitFor(seconds: 5) { $0.contains("live_connections_full") && $0.contains("this address") })
        let neighbour = reader(device: "neighbour", address: "203.0.113.10")
        defer { neighbour.close() }
        #expect(await neighbour.waitForStatus(seconds: 5) == 200)
        #expect(server.app.marqueeLiveConnections == 6)
    }

    /// A client that starts another request down its open channel, and never finishes its head,
    /// is not read from while the channel is open: nothing is written into the stream but events,
    /// not even past the header deadline, and the channel goes on.
    @Test func aHalfHeadSentDownAnOpenChannelLeavesTheStreamAsItIs() async throws {
        var limits = ConnectionLimits()
        limits.headerTimeoutSeconds = 1
        let server = try await LiveServer.start(seedsDemo: true, connections: limits)
        defer { Task { await server.stop() } }
        let apps = try JSONSerialization.jsonObject(with: try await server.admin("GET", "api/v1/apps")) as? [String: Any]
        let appID = try #require(((apps?["items"] as? [[String: Any]])?.first?["id"]) as? String)
        let list = try JSONSerialization.jsonObject(with: try await server.admin("GET", "api/v1/apps/\(appID)/campaigns")) as? [String: Any]
        let campaignID = try #require((list?["items"] as? [[String: Any]])?.first?["id"] as? String)

        let connection = try RawConnection(port: try #require(server.baseURL.port), giveUpAfterSeconds: 60)
        defer { connection.close() }
        connection.send("GET /v1/live HTTP/1.1\r\nHost: x\r\nSubscription-Id: demo-subscription\r\ndevice_id: half\r\n\r\n")
        let opened = try await RawConnection.onOwnThread { connection.read(until: ": connected") }
        #expect(opened.status == 200)
        connection.send("GET /healthz HTTP/1.1\r\nHo")
        // Past the header deadline, had the half head been read.
        try await Task.sleep(for: .milliseconds(1_500))
        try await server.admin("PUT", "api/v1/apps/\(appID)/campaigns/\(campaignID)/status", body: ["status": "paused"])
        let stream = try await RawConnection.onOwnThread { connection.read(until: "event: catalog") }

        #expect(stream.response.contains("event: catalog"), "the channel went on: \(stream.response.suffix(300))")
        #expect((opened.response + stream.response).components(separatedBy: "HTTP/1.1 ").count == 2,
                "nothing but events after the channel's head: \(stream.response)")
        #expect(!stream.closedByServer)
    }

    @Test func stoppingTheServerEndsOpenChannels() async throws {
        let server = try await LiveServer.start(seedsDemo: true)
        let reader = EventStreamReader(baseURL: server.baseURL, subscriptionID: "demo-subscription")
        defer { reader.close() }
        #expect(await reader.waitForStatus(seconds: 5) == 200)
        await server.stop()
        #expect(await waitFor(seconds: 5) { reader.ended })
    }

    @Test(.enabled(if: ExternalTool.nginx.isEnabled, "needs nginx (Debian package nginx)"))
    func aChannelThroughTheShippedNginxConfigurationHearsAChangeAtOnce() async throws {
        try await LiveServer.with { server in
            let proxy = try await CampaignListCacheTests.Proxy(upstream: Int(server.baseURL.port!))
            defer { proxy.stop() }
            let app = try await server.createApp(subscriptionID: "live-nginx")
            let campaign = try await server.createCampaign(CampaignDraft.make("Spring sale"), in: app)
            let reader = EventStreamReader(baseURL: proxy.baseURL, subscriptionID: app.subscriptionID)
            defer { reader.close() }
            #expect(await reader.waitFor(seconds: 5) { $0.contains(": connected") }, "got: \(reader.text)")
            try await server.setStatus(.paused, of: campaign, in: app)
            #expect(await reader.waitFor(seconds: 3) { $0.contains("event: catalog") }, "nginx passes the event on at once: \(reader.text)")
        }
    }
}
