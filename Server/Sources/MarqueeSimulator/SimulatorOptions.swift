import Foundation

/// How `marquee simulate` is set up.
public struct SimulatorOptions: Sendable {
    /// The server's base URL (`http://127.0.0.1:8080`) or its configuration URL (`…/v1/config`).
    public var server: URL
    public var subscriptionID: String
    public var userID: String?
    public var deviceID: String
    public var appVersion: String
    public var locale: String
    /// Where the simulated device keeps its files (campaigns, impressions, outbox).
    public var storageDirectory: URL
    /// Seconds between two messages.
    public var displayInterval: TimeInterval
    public var width: Int
    public var useColor: Bool
    /// Print a prompt (interactive use); scripted runs echo each command instead.
    public var isInteractive: Bool

    public init(server: URL, subscriptionID: String, userID: String? = nil, deviceID: String = "simulator",
                appVersion: String = "1.0.0", locale: String = "en-us", storageDirectory: URL,
                displayInterval: TimeInterval = 0, width: Int = 72, useColor: Bool = false, isInteractive: Bool = false) {
        self.server = server
        self.subscriptionID = subscriptionID
        self.userID = userID
        self.deviceID = deviceID
        self.appVersion = appVersion
        self.locale = locale
        self.storageDirectory = storageDirectory
        self.displayInterval = displayInterval
        self.width = width
        self.useColor = useColor
        self.isInteractive = isInteractive
    }

    /// The configuration URL: `server` itself when it names a path, else `server/v1/config`.
    public var configurationURL: URL {
        let path = server.path
        return path.isEmpty || path == "/" ? server.appendingPathComponent("v1/config") : server
    }
}
