import Foundation
import Logging

// Reading the configuration from flags and environment variables, one concern at a time.

extension ServerConfiguration {
    /// Builds a configuration from `flags` (which win) and environment variables, naming every bad value.
    public static func resolve(_ flags: Flags = Flags(), seedsDemo: Bool = false,
                               environment: [String: String]) throws(ConfigurationError) -> ServerConfiguration {
        var reader = SettingReader(environment: environment)
        let directory = reader.text(flags.dataDirectory, Variable.dataDirectory) ?? "."
        if directory.isEmpty { reader.report("the data directory is empty") }
        var configuration = ServerConfiguration(dataDirectory: directory.isEmpty ? "." : directory, seedsDemo: seedsDemo)
        configuration.readAddress(flags, &reader)
        configuration.readStorage(flags, &reader)
        configuration.readConnections(flags, &reader)
        configuration.readRetention(flags, &reader)
        configuration.readRateLimits(flags, &reader)
        configuration.readSecurity(flags, &reader)
        configuration.readLogging(&reader)
        guard reader.problems.isEmpty else { throw ConfigurationError(problems: reader.problems) }
        return configuration
    }

    /// Where it listens, and the address clients reach it at.
    private mutating func readAddress(_ flags: Flags, _ reader: inout SettingReader) {
        host = reader.text(flags.host, Variable.host) ?? host
        if let value = reader.number(flags.port, Variable.port, in: 1...65535, "the port") { port = value }
        if let text = reader.text(flags.publicURL, Variable.publicURL) {
            if let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil {
                publicURL = url
            } else {
                reader.report("public URL '\(text)' must be an absolute http(s) URL such as https://marquee.example.com")
            }
        }
        let proxyList = reader.text(flags.trustedProxies, Variable.trustedProxies)
        if let proxies = reader.parsed(proxyList, TrustedProxies.init(parsing:)) { trustedProxies = proxies }
        let appList = reader.text(flags.appleAppIDs, Variable.appleAppIDs)
        if let apps = reader.parsed(appList, AppleAppID.list(parsing:)) { appleAppIDs = apps }
    }

    /// SQLite (a file in the data directory unless named) or PostgreSQL (`DATABASE_URL`).
    private mutating func readStorage(_ flags: Flags, _ reader: inout SettingReader) {
        let sqlitePath = reader.text(flags.database, Variable.database)
        if let url = reader.environment[Variable.databaseURL], !url.isEmpty {
            if sqlitePath != nil {
                // Silently preferring one would run a server on a database its operator did not mean.
                reader.report("both \(Variable.databaseURL) (PostgreSQL) and --database / \(Variable.database) (SQLite) are set; keep one")
            } else if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
                storage = .postgres(url: url)
            } else {
                reader.report("\(Variable.databaseURL) must start with postgres:// (got '\(url.prefix(12))…')")
            }
        } else if let path = sqlitePath {
            if path.isEmpty { reader.report("the database path is empty") } else { storage = .sqliteFile(path) }
        }
        let range = ConnectionLimits.timeoutRange
        if let value = reader.number(flags.databaseWait, Variable.databaseWait, in: range, "the database wait timeout", unit: "seconds") {
            databaseWaitSeconds = value
        }
    }

    /// Timeouts and how many connections and live channels are held.
    private mutating func readConnections(_ flags: Flags, _ reader: inout SettingReader) {
        let timeouts = ConnectionLimits.timeoutRange
        if let value = reader.number(flags.idleTimeout, Variable.idleTimeout, in: timeouts, "the idle timeout", unit: "seconds") {
            connections.idleTimeoutSeconds = value
        }
        if let value = reader.number(flags.headerTimeout, Variable.headerTimeout, in: timeouts, "the header timeout", unit: "seconds") {
            connections.headerTimeoutSeconds = value
        }
        if let value = reader.number(flags.bodyTimeout, Variable.bodyTimeout, in: timeouts, "the body timeout", unit: "seconds") {
            connections.bodyTimeoutSeconds = value
        }
        if let value = reader.number(flags.maxConnections, Variable.maxConnections, in: 1...1_000_000, "the connection limit",
                                     unit: "connections") {
            connections.maxConnections = value
        }
        if let value = reader.number(flags.maxConnectionsPerAddress, Variable.maxConnectionsPerAddress, in: 1...1_000_000,
                                     "the connection limit per address", unit: "connections") {
            connections.maxConnectionsPerAddress = value
        }
        if let value = reader.number(flags.maxLiveConnections, Variable.maxLiveConnections, in: 0...1_000_000,
                                     "the live connection limit", unit: "channels") {
            maxLiveConnections = value
        }
        if let value = reader.number(flags.maxLiveConnectionsPerAddress, Variable.maxLiveConnectionsPerAddress, in: 1...1_000_000,
                                     "the live connection limit per address", unit: "channels") {
            maxLiveConnectionsPerAddress = value
        }
        if let value = reader.number(flags.maxLiveConnectionsPerDevice, Variable.maxLiveConnectionsPerDevice, in: 1...100,
                                     "the live connection limit per device", unit: "channels") {
            maxLiveConnectionsPerDevice = value
        }
    }

    /// How long raw impressions and events are kept.
    private mutating func readRetention(_ flags: Flags, _ reader: inout SettingReader) {
        if let days = reader.number(flags.impressionRetentionDays, Variable.impressionRetentionDays, in: 1...36_500,
                                    "the impression retention", unit: "days") {
            impressionRetentionDays = days
        }
        if let days = reader.number(flags.eventRetentionDays, Variable.eventRetentionDays, in: 1...36_500,
                                    "the event retention", unit: "days") {
            eventRetentionDays = days
        }
        if let days = reader.number(flags.webhookDeliveryRetentionDays, Variable.webhookDeliveryRetentionDays, in: 1...36_500,
                                    "the webhook delivery retention", unit: "days") {
            webhookDeliveryRetentionDays = days
        }
    }

    /// Requests a minute per device and per admin; 0 turns a limit off.
    private mutating func readRateLimits(_ flags: Flags, _ reader: inout SettingReader) {
        if let value = reader.number(flags.sdkRateLimit, Variable.sdkRateLimit, in: 0...1_000_000, "the SDK rate limit",
                                     unit: "requests a minute") {
            sdkRateLimit = value == 0 ? nil : RateLimit(perMinute: value)
        }
        if let value = reader.number(flags.adminRateLimit, Variable.adminRateLimit, in: 0...1_000_000, "the admin rate limit",
                                     unit: "requests a minute") {
            adminRateLimit = value == 0 ? nil : RateLimit(perMinute: value)
        }
    }

    /// The admin token and where webhooks may go.
    private mutating func readSecurity(_ flags: Flags, _ reader: inout SettingReader) {
        allowsPrivateWebhookURLs = reader.isOn(flags.allowsPrivateWebhookURLs, Variable.allowsPrivateWebhookURLs)
        if let token = reader.environment[Variable.adminToken] {
            if token.count < 16 { reader.report("\(Variable.adminToken) must be at least 16 characters") } else { adminToken = token }
        }
    }

    private mutating func readLogging(_ reader: inout SettingReader) {
        guard let text = reader.environment[Variable.logLevel] else { return }
        if let level = Logger.Level(rawValue: text.lowercased()) {
            logLevel = level
        } else {
            reader.report("\(Variable.logLevel)='\(text)' is not one of trace, debug, info, notice, warning, error, critical")
        }
    }
}
