import Foundation
import MarqueeTestSupport
import NIOConcurrencyHelpers
import Testing

/// The live channel of the `marquee` binary as an operator first meets it: `curl -N` with the
/// demo app's headers prints `event: catalog` within 3 seconds of a campaign edit made through the
/// admin API, and SIGTERM ends the open channel instead of waiting on it.
@Suite("The live channel of the binary", .serialized)
struct LiveChannelBinaryTests {
    @Test(.enabled(if: ExternalTool.curl.isEnabled, "needs curl (Debian package curl)"))
    func curlPrintsACatalogEventWithinThreeSecondsOfAnEdit() async throws {
        let directory = try DeploymentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let server = try await ServerProcess(["--data-dir", data.path, "--demo"], in: directory)
        let token = try ServerProcess.adminToken(in: data)

        let curl = Process()
        curl.executableURL = try ExternalTool.curl.require()
        curl.arguments = ["-N", "-s", "-H", "Subscription-Id: demo-subscription", "-H", "device_id: curl-device",
                          "http://127.0.0.1:\(server.port)/v1/live"]
        let output = Pipe()
        curl.standardOutput = output
        let printed = NIOLockedValueBox("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            printed.withLockedValue { $0 += String(decoding: chunk, as: UTF8.self) }
        }
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        func waitFor(_ text: String, seconds: Double) async throws -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                if printed.withLockedValue({ $0.contains(text) }) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return printed.withLockedValue { $0.contains(text) }
        }
        #expect(try await waitFor(": connected", seconds: 10), "curl printed: \(printed.withLockedValue { $0 })")

        let metrics = try RawConnection.exchange("GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                                                 + "Connection: close\r\n\r\n", port: server.port).response
        #expect(metrics.contains("marquee_live_channels 1"), "\(metrics)")

        let apps = try #require(server.admin("GET", "/api/v1/apps", token: token).json as? [String: Any])
        let appID = try #require(((apps["items"] as? [[String: Any]])?.first?["id"]) as? String)
        let list = try #require(server.admin("GET", "/api/v1/apps/\(appID)/campaigns", token: token).json as? [String: Any])
        let campaignID = try #require(((list["items"] as? [[String: Any]])?.first?["id"]) as? String)
        let edited = ContinuousClock.now
        #expect(try server.admin("PUT", "/api/v1/apps/\(appID)/campaigns/\(campaignID)/status", #"{"status": "paused"}"#,
                                 token: token).status == 200)
        #expect(try await waitFor("event: catalog", seconds: 3), "curl printed: \(printed.withLockedValue { $0 })")
        #expect(ContinuousClock.now - edited < .seconds(3))

        // Stopping ends the channel at once; curl sees the answer end.
        server.terminate()
        #expect(try await server.exitStatus(within: 15) == 0, "\(server.output())")
        for _ in 0..<50 where curl.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!curl.isRunning, "the channel ended with the server")
    }
}
