import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeTestSupport
import NIOConcurrencyHelpers
import Testing

/// "Preview on a device" in headless Chromium against a live server, with the real `marquee
/// simulate` as the device: the QR code on screen decodes (zbar, from the screenshot's pixels) to
/// the URL the simulator pairs with; a draft edited but not saved shows on the device at once; and
/// the debug log names why a capped campaign did not show; ending the pairing reaches the device.
@Suite("Preview on a device in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardDevicePreviewBrowserTests {
    /// `marquee simulate` kept running, its output collected as it comes.
    final class RunningSimulator: Sendable {
        private let process: Process
        private let input: FileHandle
        private let output = NIOLockedValueBox("")

        init(server: LiveServer, subscription: String) throws {
            let storage = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)")
            process = Process()
            process.executableURL = try SimulatorCLITests.marqueeExecutable()
            process.arguments = ["simulate", "--server", server.baseURL.absoluteString, "--subscription", subscription,
                                 "--storage", storage.path, "--device", "sim-\(UUID().uuidString.prefix(8))", "--width", "60", "--no-color"]
            let stdin = Pipe()
            let stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stdout
            input = stdin.fileHandleForWriting
            let output = self.output
            stdout.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                output.withLockedValue { $0 += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var text: String { output.withLockedValue { $0 } }

        func type(_ line: String) {
            input.write(Data((line + "\n").utf8))
        }

        /// Waits up to `seconds` for the output to contain `text`.
        func waitFor(_ text: String, seconds: Double = 20) async throws {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if self.text.contains(text) { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw TestServerError("the simulator never printed \(text):\n\(self.text)")
        }

        func stop() {
            type("quit")
            try? input.close()
            process.waitUntilExit()
        }
    }

    /// What zbar reads in a PNG.
    static func decodeQR(_ png: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = try ExternalTool.zbarimg.require()
        process.arguments = ["--raw", "-q", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "zbarimg (Debian's zbar-tools) found no QR code in the screenshot")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @MainActor
    @Test(.enabled(if: ExternalTool.zbarimg.isEnabled, "needs zbarimg (Debian package zbar-tools)"))
    func aPairedSimulatorShowsAnUnsavedDraftAndTheDebugLogNamesACap() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "device-preview")
            let campaign = try await server.createCampaign(
                CampaignDraft.make("Capped offer", triggers: [Trigger(.custom, name: "buy")], maxImpressions: 1), in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(campaign.id)"
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "editor@example.com") { page in
                try await page.waitUntil("document.getElementById('campaign-title').textContent === 'Capped offer'")
                try await page.click("preview-on-device")
                try await page.waitUntil("document.body.dataset.pairing === 'waiting' && document.getElementById('pairing-qr').complete")
                let code = try await DashboardAdminBrowserTests.text(of: "pairing-code", on: page)
                let scanned = try Self.decodeQR(try await page.screenshotPNG())
                #expect(scanned.hasSuffix("/pair?code=\(code)"), "the QR code on screen says \(scanned)")

                let simulator = try RunningSimulator(server: server, subscription: app.subscriptionID)
                defer { simulator.stop() }
                simulator.type("pair \(scanned)")
                try await simulator.waitFor("paired with the dashboard")
                try await page.waitUntil("document.body.dataset.pairing === 'paired' && /connected\\./.test(document.getElementById('pairing-status').textContent)")

                // Edited, not saved: the device shows this version.
                try await page.evaluate("""
                    (() => { const json = document.getElementById('campaign-json');
                      const draft = JSON.parse(json.value); draft.message.title = 'Unsaved headline';
                      json.value = JSON.stringify(draft); json.dispatchEvent(new Event('input')); })()
                    """)
                try await page.click("send-preview")
                try await simulator.waitFor("preview from the dashboard: Capped offer")
                try await simulator.waitFor("Unsaved headline")
                simulator.type("close")
                let stored = try await server.campaigns(in: app).first { $0.id == campaign.id }
                #expect(stored?.message.title == "Capped offer", "the draft was never saved")

                // A debug session: the second purchase finds the campaign's one impression used.
                try await page.click("debug-toggle")
                try await page.waitUntil("/debug session started/.test(document.getElementById('debug-log').textContent)")
                simulator.type("event buy")
                try await simulator.waitFor("Body of Capped offer")
                simulator.type("close")
                simulator.type("event buy")
                try await page.waitUntil("document.querySelector('#debug-log li[data-reason=impressionsUsedUp]') !== null")
                let line = try await page.evaluate("document.querySelector('#debug-log li[data-reason=impressionsUsedUp]').textContent")
                guard case .string(let text) = line else { throw TestServerError("no debug line") }
                #expect(text.contains("Capped offer did not show: its impressions for this user are used up"), "\(text)")
                #expect(try await page.pixels(of: DashboardWebhooksBrowserTests.danger, tolerance: 24, wanted: 30) >= 30,
                        "the refusal is painted in the danger colour")

                // Ended from the dashboard: the device hears it and lets the pairing go.
                try await page.click("pairing-end")
                try await simulator.waitFor("the dashboard ended the pairing")
            }
        }
    }
}
