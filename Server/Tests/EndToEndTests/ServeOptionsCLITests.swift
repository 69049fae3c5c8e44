import Foundation
import Testing

/// Every option of `marquee serve` reaches the server's configuration. Given the binary a value
/// out of range, each numeric option makes it refuse to start and name the value, so an option
/// that is parsed and then dropped on the way fails here. The list must name every option the
/// help shows, so a new one is checked too.
@Suite struct ServeOptionsCLITests {
    /// Options that take a number, each refusing a negative one.
    static let numeric = [
        "--port", "--idle-timeout", "--header-timeout", "--body-timeout", "--database-wait", "--max-connections",
        "--max-connections-per-address", "--max-live-connections", "--max-live-connections-per-address",
        "--max-live-connections-per-device", "--impression-retention-days", "--event-retention-days",
        "--webhook-delivery-retention-days", "--sdk-rate-limit", "--admin-rate-limit",
    ]
    /// Options checked by the configuration's own tests (their values are text) or by running with them.
    static let others = [
        "--host", "--data-dir", "--database", "--public-url", "--trusted-proxies", "--apple-app-ids",
        "--allow-private-webhook-urls", "--demo", "--help", "--version",
    ]

    @Test func everyOptionTheHelpShowsIsChecked() async throws {
        let help = try await UsersCLITests.marquee(["serve", "--help"])
        #expect(help.status == 0, "\(help.output)")
        let shown = Set(help.output.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "=" })
            .filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0.prefix { $0 == "-" || $0.isLetter }) })
        #expect(shown == Set(Self.numeric + Self.others), "options not listed here: \(shown.subtracting(Self.numeric + Self.others).sorted())")
    }

    @Test(arguments: numeric)
    func aValueOutOfRangeIsRefusedAndNamed(_ option: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-options-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = try SimulatorCLITests.marqueeExecutable()
        // A port of its own, should the value be dropped and the server start.
        let port = option == "--port" ? [] : ["--port", String(Int.random(in: 20_000..<60_000))]
        process.arguments = ["serve", "--data-dir", directory.path] + port + ["\(option)=-7"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // A server that took the value starts and serves: stop it rather than wait for ever.
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let started = process.isRunning
        if started { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!started && process.terminationStatus != 0 && text.contains("(got -7)"),
                "\(option)=-7 was not refused by name: \(text.suffix(600))")
    }
}
