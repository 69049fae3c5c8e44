import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// A stream transport whose connections the test writes to and ends.
final class ScriptedStreams: HTTPStreamTransport, @unchecked Sendable {
    final class Connection: @unchecked Sendable {
        let request: HTTPRequest
        let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation
        private let lock = NSLock()
        private var _isClosed = false
        var isClosed: Bool { lock.withLock { _isClosed } }

        init(request: HTTPRequest, continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation) {
            self.request = request
            self.continuation = continuation
        }

        func markClosed() { lock.withLock { _isClosed = true } }

        /// Sends `text` as body bytes.
        func send(_ text: String) { continuation.yield(.bytes(Data(text.utf8))) }
    }

    private let lock = NSLock()
    private var _connections: [Connection] = []
    /// The status each new connection answers.
    var status = 200

    var connections: [Connection] { lock.withLock { _connections } }
    var open: [Connection] { connections.filter { !$0.isClosed } }

    func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: HTTPStreamPart.self)
        let connection = Connection(request: request, continuation: continuation)
        continuation.onTermination = { _ in connection.markClosed() }
        lock.withLock { _connections.append(connection) }
        continuation.yield(.status(status))
        if status != 200 { continuation.finish() }
        return stream
    }
}

@Suite struct LiveUpdatesTests {
    static func config() -> Data {
        Data("""
        {"data":{"rolloutPercentage":100,"endpoints":{"ping":"https://marquee.test/v1/ping",
        "impression":"https://marquee.test/v1/impression","displayPermission":"https://marquee.test/v1/display_permission",
        "live":"https://marquee.test/v1/live","pair":"https://marquee.test/v1/pair","debug":"https://marquee.test/v1/debug"}}}
        """.utf8)
    }

    private func harness(_ campaigns: [Campaign] = [], streams: ScriptedStreams = ScriptedStreams()) -> Harness {
        let harness = Harness(campaigns: campaigns, streams: streams)
        harness.server.set("config", .status(200, Self.config()))
        harness.server.set("debug", .status(204, Data()))
        harness.server.set("pair", .status(200, Data(#"{"pairing":"p-1","expiresAt":0}"#.utf8)))
        return harness
    }

    /// Lets the channel's reader hand over what was sent.
    private func settle(_ harness: Harness) async {
        for _ in 0..<5 {
            try? await Task.sleep(for: .milliseconds(10))
            await harness.sdk.waitUntilIdle()
        }
    }

    @Test func aCatalogEventBringsAPingWithinItsSpreadAndTheChannelFollowsTheForeground() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        await harness.start()
        let connection = try #require(streams.open.first)
        #expect(connection.request.url.path == "/v1/live")
        #expect(connection.request.headers["Subscription-Id"] == "sub-1")
        #expect(connection.request.headers["device_id"] == "device-1")
        let pings = harness.server.requests(to: "ping").count

        connection.send("retry: 2000\n\nid: 9\nevent: catalog\ndata: {\"version\":9,\"spread\":3}\n\n")
        await settle(harness)
        // CountingRandom's unit is 0: the ping goes out at once; a real device waits up to the spread.
        await harness.advance(0)
        #expect(harness.server.requests(to: "ping").count == pings + 1)

        harness.sdk.appWillResignActive()
        await settle(harness)
        #expect(streams.open.isEmpty, "no channel in the background")
        harness.sdk.appDidBecomeActive()
        await settle(harness)
        let reopened = try #require(streams.open.first)
        #expect(reopened.request.headers["Last-Event-ID"] == "9")
        harness.sdk.liveUpdates = false
        await settle(harness)
        #expect(streams.open.isEmpty, "the setting turns it off")
    }

    @Test func aDroppedChannelReconnectsAfterTheHintDoublingWithEachFailure() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        await harness.start()
        let first = try #require(streams.open.first)
        first.send("retry: 2000\n: connected\n\n")
        await settle(harness)
        first.continuation.finish(throwing: URLError(.networkConnectionLost))
        await settle(harness)
        #expect(streams.connections.count == 1)
        await harness.advance(1.9)
        #expect(streams.connections.count == 1)
        await harness.advance(0.2)
        await settle(harness)
        #expect(streams.connections.count == 2, "reconnected after the server's 2 s")

        streams.status = 503
        streams.connections[1].continuation.finish(throwing: URLError(.networkConnectionLost))
        await settle(harness)
        await harness.advance(4.1)
        await settle(harness)
        #expect(streams.connections.count == 3, "a second failure in a row waits 4 s")
        await harness.advance(7.9)
        await settle(harness)
        #expect(streams.connections.count == 3, "a refusal by a full server waits longer again")
        await harness.advance(0.2)
        await settle(harness)
        #expect(streams.connections.count == 4)

        streams.status = 404
        await harness.advance(17)
        await settle(harness)
        let count = streams.connections.count
        await harness.advance(600)
        await settle(harness)
        #expect(streams.connections.count == count, "a server without the channel is not asked again")
    }

    @Test func aPreviewShowsAtOnceMarkedAndCountedNowhere() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        let presenter = await MainActor.run { RecordingPresenter() }
        await MainActor.run { harness.sdk.register(presenter: presenter) }
        harness.sdk.displayInterval = 3600
        await harness.start()
        let preview = LivePreview(pairing: "p-1", campaign: CampaignEnvelope(campaignData: Fixture.campaign(
            "draft", [Trigger(.custom, name: "never")], name: "Draft").campaignData(includingExtension: true)))
        let json = String(decoding: try MarqueeJSON.encoder().encode(preview), as: UTF8.self)
        try #require(streams.open.first).send("event: preview\ndata: \(json)\n\n")
        await settle(harness)

        let shown = try #require(await MainActor.run { presenter.current })
        #expect(shown.isPreview)
        #expect(shown.message.title == "Title draft")
        await MainActor.run { presenter.finish(PresentationResult(.buttonClick(id: "x"))) }
        await harness.advance(60)
        #expect(harness.server.requests(to: "impression").isEmpty)
    }

    @Test func aDebugSessionSendsWhyAReadyCampaignDidNotShow() async throws {
        let streams = ScriptedStreams()
        let capped = Fixture.campaign("capped", [Trigger(.custom, name: "buy")], maxImpressions: 1, name: "Capped")
        let harness = harness([capped], streams: streams)
        let presenter = await MainActor.run { RecordingPresenter() }
        await MainActor.run { harness.sdk.register(presenter: presenter) }
        harness.sdk.displayInterval = 0
        await harness.start()
        try #require(streams.open.first).send("event: debug\ndata: {\"pairing\":\"p-1\",\"session\":\"s-1\"}\n\n")
        await settle(harness)

        harness.sdk.logEvent(CustomEvent(name: "buy"))
        await harness.sdk.waitUntilIdle()
        await MainActor.run { presenter.finish(PresentationResult(.userDismissed)) }
        harness.sdk.logEvent(CustomEvent(name: "buy"))
        await harness.advance(1)

        let lines = harness.server.requests(to: "debug").compactMap(\.body)
            .compactMap { try? JSONDecoder().decode(DebugLogRequest.self, from: $0) }.flatMap(\.lines)
        #expect(lines.contains { $0.kind == .shown && $0.campaignID == "capped" })
        let refused = try #require(lines.first { $0.kind == .notShown }, "\(lines.map(\.text))")
        #expect(refused.reason == .impressionsUsedUp)
        #expect(refused.campaignName == "Capped")

        // The session ends: nothing more is sent.
        try #require(streams.open.first).send("event: debug\ndata: {\"pairing\":\"p-1\",\"session\":null}\n\n")
        await settle(harness)
        let sent = harness.server.requests(to: "debug").count
        harness.sdk.logEvent(CustomEvent(name: "buy"))
        await harness.advance(5)
        #expect(harness.server.requests(to: "debug").count == sent)
    }

    @Test func theDebugLogNamesEachRuleThatKeepsAReadyCampaignOffScreen() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        let cap = FrequencyCap(id: "daily", limit: 1, periodSeconds: 86_400)
        harness.server.set("ping", .status(200, Fixture.ping([
            Fixture.campaign("first", [Trigger(.custom, name: "first")], name: "First"),
            Fixture.campaign("second", [Trigger(.custom, name: "second")], name: "Second"),
            Fixture.campaign("capped", [Trigger(.custom, name: "capped")], name: "Capped", caps: ["daily"]),
            Fixture.campaign("capped-too", [Trigger(.custom, name: "capped-too")], name: "Capped too", caps: ["daily"]),
            Fixture.campaign("context", [Trigger(.custom, name: "context")], name: "[vip] Context"),
            Fixture.campaign("banner", [Trigger(.custom, name: "banner")], name: "Banner", kind: .banner),
            Fixture.campaign("later", [Trigger(.custom, name: "later")], name: "Later"),
        ], caps: [cap])))
        let presenter = await MainActor.run { RecordingPresenter() }
        await MainActor.run { harness.sdk.register(presenter: presenter, for: [.modal]) }
        harness.sdk.displayInterval = 60
        harness.sdk.onVerifyContext = { _, _ in false }
        await harness.start()
        try #require(streams.open.first).send("event: debug\ndata: {\"pairing\":\"p\",\"session\":\"s\"}\n\n")
        await settle(harness)

        for name in ["first", "second", "context", "banner"] { harness.sdk.logEvent(CustomEvent(name: name)) }
        await harness.sdk.waitUntilIdle()
        await MainActor.run { presenter.finish(PresentationResult(.userDismissed)) }
        await harness.advance(61)
        await MainActor.run { presenter.finish(PresentationResult(.userDismissed)) }
        await harness.advance(61)
        harness.sdk.logEvent(CustomEvent(name: "capped"))
        await harness.advance(1)
        await MainActor.run { presenter.finish(PresentationResult(.userDismissed)) }
        await harness.advance(61)
        harness.sdk.logEvent(CustomEvent(name: "capped-too"))
        harness.sdk.isPaused = true
        await harness.advance(61)
        harness.sdk.logEvent(CustomEvent(name: "later"))
        harness.sdk.logEvent(CustomEvent(name: "first"))
        await harness.advance(1)

        let lines = harness.server.requests(to: "debug").compactMap(\.body)
            .compactMap { try? JSONDecoder().decode(DebugLogRequest.self, from: $0) }.flatMap(\.lines)
        func reason(of campaign: String) -> Set<DebugReason> {
            Set(lines.filter { $0.kind == .notShown && $0.campaignName == campaign }.compactMap(\.reason))
        }
        #expect(reason(of: "Second").contains(.queueBusy), "\(lines.map(\.text))")
        #expect(reason(of: "[vip] Context").contains(.contextRefused), "\(lines.map(\.text))")
        #expect(lines.contains { $0.reason == .noPresenter && $0.text.contains("Banner") }, "\(lines.map(\.text))")
        #expect(reason(of: "Capped too").contains(.frequencyCap), "\(lines.map(\.text))")
        #expect(reason(of: "Later") == [.paused], "\(lines.map(\.text))")
        #expect(reason(of: "First") == [.impressionsUsedUp], "\(lines.map(\.text))")
    }

    @Test func aPairedDeviceHoldsTheChannelWithLiveUpdatesOffUntilThePairingEnds() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        harness.server.set("pair", .status(200, Data(#"{"pairing":"p-1","expiresAt":\#(Int64(harness.clock.now.timeIntervalSince1970 * 1000) + 3_600_000)}"#.utf8)))
        harness.sdk.liveUpdates = false
        await harness.start()
        #expect(streams.open.isEmpty)
        try await harness.sdk.pair(code: "K7Q2XM")
        await settle(harness)
        let channel = try #require(streams.open.first, "previews come through the channel")
        let pings = harness.server.requests(to: "ping").count
        channel.send("id: 3\nevent: catalog\ndata: {\"version\":3,\"spread\":0}\n\n")
        await harness.advance(1)
        #expect(harness.server.requests(to: "ping").count == pings, "live updates stay off: no ping for a change")
        await harness.sdk.endPairing()
        await settle(harness)
        #expect(streams.open.isEmpty)
        #expect(harness.server.requests(to: "pair/end").count == 1)
    }

    /// Records each end of a pairing the dashboard made.
    @MainActor final class PairingEnds: MarqueeDelegate {
        private(set) var count = 0
        func marqueePairingDidEnd() { count += 1 }
    }

    @Test func anEndedPairingLetsTheChannelGoAndTellsTheDelegate() async throws {
        let streams = ScriptedStreams()
        let harness = harness(streams: streams)
        harness.server.set("pair", .status(200, Data(#"{"pairing":"p-1","expiresAt":\#(Int64(harness.clock.now.timeIntervalSince1970 * 1000) + 3_600_000)}"#.utf8)))
        let ends = PairingEnds()
        await MainActor.run { harness.sdk.delegate = ends }
        harness.sdk.liveUpdates = false
        await harness.start()
        try await harness.sdk.pair(code: "K7Q2XM")
        await settle(harness)
        let channel = try #require(streams.open.first)
        channel.send("event: debug\ndata: {\"pairing\":\"p-1\",\"session\":\"s-1\"}\n\n")
        await settle(harness)

        // Another pairing's end (one this device left before) changes nothing.
        channel.send("event: unpaired\ndata: {\"pairing\":\"p-0\"}\n\n")
        await settle(harness)
        #expect(streams.open.count == 1)
        #expect(await ends.count == 0)

        channel.send("event: unpaired\ndata: {\"pairing\":\"p-1\"}\n\n")
        await settle(harness)
        #expect(streams.open.isEmpty, "with live updates off, nothing holds the channel any more")
        #expect(await ends.count == 1)
        harness.sdk.logEvent(CustomEvent(name: "after_the_end"))
        await harness.advance(10)
        await settle(harness)
        #expect(harness.server.requests(to: "debug").isEmpty, "the debug session ended with the pairing")
        #expect(harness.server.requests(to: "pair/end").isEmpty, "the server ended it: the device does not end it again")
    }

    @Test func pairingTakesTheCodeFromTheURLAndNamesAWrongOne() async throws {
        let harness = harness()
        await harness.start()
        await #expect(throws: PairingError.invalidURL) { try await harness.sdk.pair(url: URL(string: "https://x.test/pair")!) }
        try await harness.sdk.pair(url: URL(string: "https://marquee.test/pair?code=K7Q2XM")!)
        let body = try #require(harness.server.requests(to: "pair").last?.body)
        #expect(try JSONDecoder().decode(PairRequest.self, from: body).code == "K7Q2XM")
        harness.server.set("pair", .status(404, Data()))
        await #expect(throws: PairingError.invalidCode) { try await harness.sdk.pair(code: "AAAAAA") }
    }
}
