import ArgumentParser
import Foundation
import Marquee
import MarqueeSimulator

/// `marquee simulate`: a device in the terminal.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a simulated device that uses the real SDK against a Marquee server.",
        discussion: """
        Logs an app start, then reads commands (type help). Reads from standard input when it is \
        not a terminal, so it can be scripted: printf 'login\\nbutton 1\\nquit\\n' | marquee simulate …
        """)

    @Option(help: "The server's base URL or configuration URL.")
    var server: String = "http://127.0.0.1:8080"

    @Option(help: "The app's subscription ID.")
    var subscription: String

    @Option(help: "The user ID to start with (default: the anonymous user).")
    var user: String?

    @Option(help: "The simulated device's identifier.")
    var device: String = "simulator"

    @Option(name: .customLong("app-version"), help: "The app version the device reports.")
    var appVersion: String = "1.0.0"

    @Option(help: "The locale the device reports.")
    var locale: String = "en-us"

    @Option(help: "Where the device keeps its files (default: a folder per subscription and device in the SDK's data directory).")
    var storage: String?

    @Option(name: .customLong("display-interval"), help: "Seconds between two messages.")
    var displayInterval: Double = 0

    @Option(help: "Columns to draw messages in.")
    var width: Int = 72

    @Flag(inversion: .prefixedNo, help: "Draw messages in their colours (default: when the output is a terminal).")
    var color: Bool?

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--server must be an http(s) URL such as http://127.0.0.1:8080")
        }
        guard !subscription.isEmpty else { throw ValidationError("--subscription must not be empty") }
        guard width >= 20 else { throw ValidationError("--width must be at least 20") }
        guard displayInterval >= 0 else { throw ValidationError("--display-interval must not be negative") }
    }

    func run() async throws {
        let interactive = isatty(STDIN_FILENO) == 1
        let storageURL = storage.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? MarqueeEnvironment.defaultStorageDirectory.appendingPathComponent("simulator/\(subscription)/\(device)", isDirectory: true)
        let options = SimulatorOptions(
            server: URL(string: server)!, subscriptionID: subscription, userID: user, deviceID: device,
            appVersion: appVersion, locale: locale, storageDirectory: storageURL, displayInterval: displayInterval,
            width: width, useColor: color ?? (isatty(STDOUT_FILENO) == 1), isInteractive: interactive)
        let simulator = await Simulator(options: options, write: StandardOutput.write)
        try await simulator.run(StandardInput.lines())
    }
}
