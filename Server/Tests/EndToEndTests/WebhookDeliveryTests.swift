import Crypto
import Foundation
import Marquee
import MarqueeModel
import MarqueeTestSupport
import Testing

/// Webhooks from the release-shaped binary: an impression an SDK posts reaches a loopback
/// endpoint signed within 5 seconds; with the endpoint down, a SIGKILL of the server in between
/// loses none of the events, and none arrives twice or out of order.
@MainActor
@Suite("Webhooks from the binary", .serialized)
struct WebhookDeliveryTests {
    private struct Batch: Decodable {
        struct Event: Decodable {
            var id: String
            var cursor: String
            var type: String
        }

        var events: [Event]
    }

    /// The events of every delivery answered 2xx, each delivery once. Delivery is at least once:
    /// a request the receiver answered just as the server was killed is sent again, with the same
    /// `Marquee-Delivery`, by the restarted server, which never saw the answer.
    private func delivered(_ receiver: WebhookReceiver) throws -> [Batch.Event] {
        var deliveries = Set<String>()
        return try receiver.received.filter { $0.answered == .ok }
            .filter { deliveries.insert($0.headers.first(name: "Marquee-Delivery") ?? "").inserted }
            .flatMap { try JSONDecoder().decode(Batch.self, from: $0.body).events }
    }

    private func waitFor(seconds: Int, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try condition()
    }

    /// Shows the app's launch campaign on a new device and taps its button: an impression and a click.
    private func showAndTap(on port: Int, subscriptionID: String) async throws {
        let device = TestDevice()
        defer { device.removeStorage() }
        await device.start(with: URL(string: "http://127.0.0.1:\(port)/v1/config")!, subscriptionID: subscriptionID)
        await device.log(AppStartEvent())
        try await device.finish(PresentationResult(.buttonClick(id: "ok")))
    }

    @Test func anSDKsImpressionArrivesSignedAndASigkillLosesNothing() async throws {
        try await WebhookReceiver.with { receiver in
            let directory = try DeploymentCLITests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let arguments = ["--data-dir", data.path, "--allow-private-webhook-urls"]
            var server = try await ServerProcess(arguments, in: directory)
            let token = try ServerProcess.adminToken(in: data)
            let app = try server.admin("POST", "/api/v1/apps", #"{"name": "Hooks", "subscriptionID": "hooks"}"#, token: token)
            let appID = try #require((app.json as? [String: Any])?["id"] as? String, "\(app)")
            let campaign = String(decoding: try MarqueeJSON.encoder().encode(CampaignDraft.make("Hello")), as: UTF8.self)
            #expect(try server.admin("POST", "/api/v1/apps/\(appID)/campaigns", campaign, token: token).status == 201)
            let hook = try server.admin("POST", "/api/v1/apps/\(appID)/webhooks", #"{"url": "\#(receiver.url)"}"#, token: token)
            let secret = try #require((hook.json as? [String: Any])?["secret"] as? String, "\(hook)")

            let shown = ContinuousClock.now
            try await showAndTap(on: server.port, subscriptionID: "hooks")
            #expect(try await waitFor(seconds: 5) { try delivered(receiver).contains { $0.type == "impression" } },
                    "the impression arrives within 5 seconds: \(server.output().suffix(1500))")
            print("webhook: impression delivered \(ContinuousClock.now - shown) after it was shown")
            let first = try #require(receiver.received.first)
            let signature = try #require(first.headers.first(name: "Marquee-Signature"))
            let t = try #require(signature.split(separator: ",").first?.dropFirst(2))
            let expected = HMAC<SHA256>.authenticationCode(for: Data("\(t).".utf8) + first.body, using: SymmetricKey(data: Data(secret.utf8)))
            #expect(signature == "t=\(t),v1=\(Data(expected).map { String(format: "%02x", $0) }.joined())", "the signature verifies")

            // The endpoint goes down; two more displays are made and refused at least once; then
            // the server is killed, the endpoint comes back, and the server restarts.
            receiver.answer(.serviceUnavailable)
            for _ in 0..<2 { try await showAndTap(on: server.port, subscriptionID: "hooks") }
            #expect(try await waitFor(seconds: 10) { receiver.received.contains { $0.answered == .serviceUnavailable } })
            server.killAbruptly()
            receiver.answer(.ok)
            server = try await ServerProcess(arguments, in: directory)
            defer { server.terminate() }
            #expect(try await waitFor(seconds: 60) { try delivered(receiver).count >= 6 }, "\(server.output().suffix(1500))")

            let events = try delivered(receiver)
            #expect(events.map(\.type) == ["impression", "click", "impression", "click", "impression", "click"])
            #expect(Set(events.map(\.id)).count == events.count, "no event in two deliveries")
            let cursors = events.map(\.cursor)
            #expect(cursors == cursors.sorted { $0.compare($1, options: .numeric) == .orderedAscending }, "in log order")

            // The same log from the command line, beside the running server.
            func export(_ extra: [String]) async throws -> (lines: [[String: Any]], output: String) {
                let run = try await UsersCLITests.marquee(["events", "export", "--data-dir", data.path, "--app", "hooks"] + extra)
                #expect(run.status == 0, "\(run.output)")
                let lines = run.output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{") }
                    .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                return (lines, run.output)
            }
            let all = try await export([])
            #expect(all.lines.map { $0["type"] as? String } == ["campaign_created"] + events.map(\.type))
            #expect(all.output.contains("exported 7 events; resume with --after \(events.last?.cursor ?? "")"), "\(all.output)")
            #expect(try await export(["--types", "click"]).lines.count == 3)
            #expect(try await export(["--after", events[3].cursor]).lines.map { $0["id"] as? String } == events.suffix(2).map(\.id))
        }
    }
}
