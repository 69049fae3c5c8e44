import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel
import MarqueeWire
import MarqueeServer
import Testing

/// Pairing a device with the dashboard, against a live server: a draft sent from the composer
/// shows on the device at once and counts nothing; codes work once and expire; a debug session
/// names the rule that kept a message from showing. (`PairingAPITests` counts wrong codes on the
/// server's clock.)
@MainActor
@Suite("Pairing, previews and debug sessions")
struct PairingTests {
    /// Pairings an app may hold open at once, as openapi.yaml gives it.
    static let openPairingLimit = 50

    private struct PairingResource: Decodable {
        var id: String
        var status: String
        var code: String?
        var url: String?
        var qrCode: String?
        var connected: Bool
        var debugSession: String?
    }

    private struct DebugLog: Decodable {
        struct Entry: Decodable {
            var seq: Int
            var line: DebugLine
        }

        var session: String?
        var lines: [Entry]
    }

    /// Counts the pairings the dashboard ended, as the device's delegate hears them.
    private final class PairingEnds: MarqueeDelegate {
        private(set) var count = 0
        func marqueePairingDidEnd() { count += 1 }
    }

    private func waitFor(seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return try await condition()
    }

    private func makePairing(on server: LiveServer, app: LiveServer.CreatedApp) async throws -> PairingResource {
        try MarqueeJSON.decoder().decode(PairingResource.self, from: try await server.admin("POST", "api/v1/apps/\(app.id)/pairings"))
    }

    private func pairing(_ id: String, on server: LiveServer, app: LiveServer.CreatedApp) async throws -> PairingResource {
        try MarqueeJSON.decoder().decode(PairingResource.self, from: try await server.admin("GET", "api/v1/apps/\(app.id)/pairings/\(id)"))
    }

    /// The status and body of an admin request that may fail.
    private func send(_ method: String, _ path: String, body: Data?, to server: LiveServer,
                      headers: [String: String] = ["Authorization": "Bearer \(LiveServer.adminToken)"]) async throws -> (Int, String) {
        var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + "/" + path)))
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func aPairedDeviceShowsAnUnsavedDraftAtOnceAndCountsNothing() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "pair-app")
        let device = TestDevice()
        defer { device.removeStorage() }
        await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)

        let made = try await makePairing(on: server, app: app)
        #expect(made.status == "waiting")
        let code = try #require(made.code)
        let url = try #require(made.url)
        #expect(url.hasSuffix("/pair?code=\(code)"))
        #expect(made.qrCode?.hasPrefix("<svg") == true)
        try await device.sdk.pair(url: try #require(URL(string: url)))
        #expect(try await waitFor(seconds: 5) { try await pairing(made.id, on: server, app: app).connected })
        #expect(try await pairing(made.id, on: server, app: app).status == "paired")

        // The composer's draft, never saved, with a trigger the device never logs.
        let draft = CampaignDraft.make("Unsaved draft", triggers: [Trigger(.custom, name: "never_logged")])
        let (status, answer) = try await send("POST", "api/v1/apps/\(app.id)/pairings/\(made.id)/preview",
                                              body: try MarqueeJSON.encoder().encode(draft), to: server)
        #expect(status == 202, "\(answer)")
        #expect(await waitFor(seconds: 5) { device.presenter.current?.message.title == "Unsaved draft" })
        let shown = try #require(device.presenter.current)
        #expect(shown.isPreview)
        try await device.finish(PresentationResult(.buttonClick(id: "ok")))
        let (_, events) = try await send("GET", "api/v1/apps/\(app.id)/events?after=0", body: nil, to: server)
        #expect(!events.contains("impression"), "a preview counts nothing: \(events)")

        // A device that holds a pairing learns nothing from a wrong code.
        await #expect(throws: PairingError.invalidCode) { try await device.sdk.pair(code: "AAAAAA") }

        // The code works once; a pairing ended from the dashboard takes no previews.
        let other = TestDevice()
        defer { other.removeStorage() }
        await other.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
        await #expect(throws: PairingError.invalidCode) { try await other.sdk.pair(code: code) }
        let ends = PairingEnds()
        device.sdk.delegate = ends
        try await server.admin("DELETE", "api/v1/apps/\(app.id)/pairings/\(made.id)")
        #expect(try await pairing(made.id, on: server, app: app).status == "ended")
        #expect(await waitFor(seconds: 5) { ends.count == 1 }, "the device hears that the dashboard ended its pairing")
        let (ended, _) = try await send("POST", "api/v1/apps/\(app.id)/pairings/\(made.id)/preview",
                                        body: try MarqueeJSON.encoder().encode(draft), to: server)
        #expect(ended == 409)

        // A code expires after ten minutes.
        let late = try await makePairing(on: server, app: app)
        server.clock.advance(by: 601)
        await #expect(throws: PairingError.invalidCode) { try await other.sdk.pair(code: try #require(late.code)) }
        #expect(try await pairing(late.id, on: server, app: app).status == "expired")
    }

    /// The association file Apple's CDN fetches: the configured iOS apps claim exactly the link
    /// the QR code carries, so the camera opens the app, which pairs with it.
    @Test func theConfiguredAppsClaimTheLinkOfTheQRCode() async throws {
        let shop = try AppleAppID(parsing: "ABCDE12345.com.example.shop")
        let server = try await LiveServer.start(adjust: { $0.appleAppIDs = [shop] })
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "link-app")
        let made = try await makePairing(on: server, app: app)
        let link = try #require(made.url.flatMap(URL.init(string:)))

        let file = try #require(URL(string: server.baseURL.absoluteString + "/.well-known/apple-app-site-association"))
        let (data, response) = try await URLSession.shared.data(from: file)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200, "served as is: Apple follows no redirect")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let claim = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let details = try #require((claim["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.count == 1 && details[0]["appIDs"] as? [String] == ["ABCDE12345.com.example.shop"])
        let components = try #require(details[0]["components"] as? [[String: Any]])
        #expect(components.count == 1)
        #expect(components.first?["/"] as? String == link.path, "the path of the QR code's link: \(link)")
        #expect(components.first?["?"] as? [String: String] == ["code": "?*"], "with a code of one character or more")
        let code = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value)
        #expect(!code.isEmpty)
        // Without the app, the same link opens the page that shows the code.
        let (page, pageResponse) = try await URLSession.shared.data(from: link)
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains(code))

        // What the app does with the link once iOS opens it.
        let device = TestDevice()
        defer { device.removeStorage() }
        await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
        try await device.sdk.pair(url: link)

        // A server that lists no app claims nothing.
        let plain = try await LiveServer.start()
        defer { Task { await plain.stop() } }
        let (_, none) = try await URLSession.shared.data(
            from: try #require(URL(string: plain.baseURL.absoluteString + "/.well-known/apple-app-site-association")))
        #expect((none as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test func aDeviceAwayWhenItsPairingEndedHearsItWhenItComesBack() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "pair-away")
        let device = TestDevice()
        defer { device.removeStorage() }
        let ends = PairingEnds()
        device.sdk.delegate = ends
        await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
        let made = try await makePairing(on: server, app: app)
        try await device.sdk.pair(code: try #require(made.code))
        #expect(try await waitFor(seconds: 5) { try await pairing(made.id, on: server, app: app).connected })

        device.sdk.appWillResignActive()
        #expect(await waitFor(seconds: 5) { server.app.marqueeLiveConnections == 0 }, "in the background the channel closes")
        try await server.admin("DELETE", "api/v1/apps/\(app.id)/pairings/\(made.id)")
        try? await Task.sleep(for: .milliseconds(200))
        #expect(ends.count == 0, "nobody was there to hear it")
        device.sdk.appDidBecomeActive()
        #expect(await waitFor(seconds: 5) { ends.count == 1 }, "the channel's opening events carry the end")
    }

    @Test func concurrentCreatesStopAtTheLimitOfOpenPairings() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "pair-limit")
        let url = try #require(URL(string: server.baseURL.absoluteString + "/api/v1/apps/\(app.id)/pairings"))
        let statuses = try await statusesOfRequestsSentAtOnce(Array(repeating: .adminPOST(url), count: Self.openPairingLimit + 10))
        #expect(statuses.filter { $0 == 201 }.count == Self.openPairingLimit, "\(statuses)")
        #expect(statuses.filter { $0 == 409 }.count == 10, "\(statuses)")
    }

    @Test func theDebugLogNamesWhyACappedCampaignDidNotShow() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let app = try await server.createApp(subscriptionID: "debug-app")
        let once = try await server.createCampaign(
            CampaignDraft.make("Once only", triggers: [Trigger(.custom, name: "purchase")], maxImpressions: 1), in: app)
        let device = TestDevice()
        defer { device.removeStorage() }
        await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
        let made = try await makePairing(on: server, app: app)
        try await device.sdk.pair(code: try #require(made.code))
        #expect(try await waitFor(seconds: 5) { try await pairing(made.id, on: server, app: app).connected })

        let started = try await server.admin("PUT", "api/v1/apps/\(app.id)/pairings/\(made.id)/debug", body: ["active": true])
        let session = try #require(try JSONSerialization.jsonObject(with: started) as? [String: Any])["session"] as? String
        #expect(session != nil)
        func log() async throws -> DebugLog {
            let (status, body) = try await send("GET", "api/v1/apps/\(app.id)/pairings/\(made.id)/debug?after=0", body: nil, to: server)
            #expect(status == 200)
            return try MarqueeJSON.decoder().decode(DebugLog.self, from: Data(body.utf8))
        }
        // The device hears the session start over its channel, then sends its first line.
        #expect(try await waitFor(seconds: 5) {
            await device.advance(by: 1)
            return try await log().lines.contains { $0.line.text.contains("debug session started") }
        })

        await device.log(CustomEvent(name: "purchase"))
        #expect(device.displayedIDs == [once.id])
        try await device.finish(PresentationResult(.userDismissed))
        await device.log(CustomEvent(name: "purchase"))
        #expect(device.displayedIDs == [once.id], "the campaign's one impression is used up")
        await device.advance(by: 1)

        let lines = try await log().lines.map(\.line)
        #expect(lines.contains { $0.kind == .shown && $0.campaignID == once.id })
        let refused = try #require(lines.first { $0.kind == .notShown && $0.campaignID == once.id }, "\(lines.map(\.text))")
        #expect(refused.reason == .impressionsUsedUp)
        #expect(refused.campaignName == "Once only")
        #expect(refused.text.contains("impressions for this user are used up"))

        // Stopping the session stops the device's lines.
        try await server.admin("PUT", "api/v1/apps/\(app.id)/pairings/\(made.id)/debug", body: ["active": false])
        #expect(try await log().session == nil)

        // The device ends the pairing from its side.
        await device.sdk.endPairing()
        #expect(try await pairing(made.id, on: server, app: app).status == "ended")
    }
}
