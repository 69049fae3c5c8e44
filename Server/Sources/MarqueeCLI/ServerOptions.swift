import ArgumentParser
import Foundation
import MarqueeServer

/// Options shared by the commands that open the database.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on (env MARQUEE_HOST).")
    var host: String?

    @Option(help: "Port to listen on (env MARQUEE_PORT).")
    var port: Int?

    @Option(name: .customLong("data-dir"),
            help: "Directory for the server's files: the SQLite database (unless --database names one) and a generated admin token (env MARQUEE_DATA_DIR, default: the current directory).")
    var dataDirectory: String?

    @Option(help: "SQLite file to use, created on first start (env MARQUEE_DATABASE, default DATA_DIR/marquee.sqlite; DATABASE_URL=postgres://… selects PostgreSQL).")
    var database: String?

    @Option(name: .customLong("public-url"), help: "Base URL clients reach this server at (env MARQUEE_PUBLIC_URL).")
    var publicURL: String?

    @Option(name: .customLong("trusted-proxies"),
            help: "Comma-separated proxy addresses or CIDR ranges whose X-Forwarded-Host/Proto are believed (env MARQUEE_TRUSTED_PROXIES).")
    var trustedProxies: String?

    @Option(name: .customLong("idle-timeout"), help: "Seconds before a connection that sends nothing is closed (env MARQUEE_IDLE_TIMEOUT, default 60).")
    var idleTimeout: Int?

    @Option(name: .customLong("header-timeout"), help: "Seconds a request head may take to arrive (env MARQUEE_HEADER_TIMEOUT, default 10).")
    var headerTimeout: Int?

    @Option(name: .customLong("body-timeout"), help: "Seconds a request body may take to arrive (env MARQUEE_BODY_TIMEOUT, default 30).")
    var bodyTimeout: Int?

    @Option(name: .customLong("database-wait"),
            help: "Seconds a request waits for a database connection before a 503 (env MARQUEE_DATABASE_WAIT; default 30 on SQLite, 15 on PostgreSQL).")
    var databaseWait: Int?

    @Option(name: .customLong("impression-retention-days"),
            help: "Remove raw impressions older than this many days, keeping their counts (env MARQUEE_IMPRESSION_RETENTION_DAYS; default: keep).")
    var impressionRetentionDays: Int?

    @Option(name: .customLong("max-connections"),
            help: "Connections open at once; more are closed as soon as they arrive (env MARQUEE_MAX_CONNECTIONS; default: the file-descriptor limit less 256, at most 16384).")
    var maxConnections: Int?

    @Option(name: .customLong("max-connections-per-address"),
            help: "Connections one client address may hold; more are closed as soon as they arrive, and at --max-connections the longest idle connection makes room (env MARQUEE_MAX_CONNECTIONS_PER_ADDRESS; default: an eighth of --max-connections, at least 64).")
    var maxConnectionsPerAddress: Int?

    @Option(name: .customLong("max-live-connections"),
            help: "Live channels (GET /v1/live) held at once; more are answered 503, and those devices still ping (env MARQUEE_MAX_LIVE_CONNECTIONS; default 10000, 0 turns the channel off).")
    var maxLiveConnections: Int?

    @Option(name: .customLong("max-live-connections-per-address"),
            help: "Live channels one client address may hold; more are answered 503 (env MARQUEE_MAX_LIVE_CONNECTIONS_PER_ADDRESS; default: an eighth of --max-live-connections, at least 64).")
    var maxLiveConnectionsPerAddress: Int?

    @Option(name: .customLong("max-live-connections-per-device"),
            help: "Live channels one device may hold; one more closes its oldest (env MARQUEE_MAX_LIVE_CONNECTIONS_PER_DEVICE; default 2).")
    var maxLiveConnectionsPerDevice: Int?

    @Option(name: .customLong("apple-app-ids"),
            help: "Comma-separated iOS apps (TEAMID.bundle.id) that open this server's pairing links as universal links, listed in /.well-known/apple-app-site-association (env MARQUEE_APPLE_APP_IDS; default: none).")
    var appleAppIDs: String?

    @Option(name: .customLong("sdk-rate-limit"), help: "SDK requests a minute per app and device, 0 for no limit (env MARQUEE_SDK_RATE_LIMIT, default 120).")
    var sdkRateLimit: Int?

    @Option(name: .customLong("admin-rate-limit"), help: "Admin requests a minute per credential and address, 0 for no limit (env MARQUEE_ADMIN_RATE_LIMIT, default 600).")
    var adminRateLimit: Int?

    @Option(name: .customLong("event-retention-days"),
            help: "Remove events older than this many days from the event log (env MARQUEE_EVENT_RETENTION_DAYS; default: keep).")
    var eventRetentionDays: Int?

    @Option(name: .customLong("webhook-delivery-retention-days"),
            help: "Remove webhook deliveries answered longer ago than this many days from the delivery log (env MARQUEE_WEBHOOK_DELIVERY_RETENTION_DAYS; default 7).")
    var webhookDeliveryRetentionDays: Int?

    @Flag(name: .customLong("allow-private-webhook-urls"),
          help: "Let webhooks reach loopback, private and link-local addresses, for development and tests (env MARQUEE_ALLOW_PRIVATE_WEBHOOK_URLS=1).")
    var allowsPrivateWebhookURLs = false

    /// The flags as the server reads them.
    var flags: ServerConfiguration.Flags {
        ServerConfiguration.Flags(
            host: host, port: port, dataDirectory: dataDirectory, database: database, publicURL: publicURL,
            trustedProxies: trustedProxies, idleTimeout: idleTimeout, headerTimeout: headerTimeout, bodyTimeout: bodyTimeout,
            databaseWait: databaseWait, maxConnections: maxConnections, maxConnectionsPerAddress: maxConnectionsPerAddress,
            maxLiveConnections: maxLiveConnections, maxLiveConnectionsPerAddress: maxLiveConnectionsPerAddress,
            maxLiveConnectionsPerDevice: maxLiveConnectionsPerDevice, impressionRetentionDays: impressionRetentionDays,
            eventRetentionDays: eventRetentionDays, webhookDeliveryRetentionDays: webhookDeliveryRetentionDays,
            sdkRateLimit: sdkRateLimit, adminRateLimit: adminRateLimit, appleAppIDs: appleAppIDs,
            allowsPrivateWebhookURLs: allowsPrivateWebhookURLs)
    }

    func resolve(seedsDemo: Bool = false) throws -> ServerConfiguration {
        do {
            return try ServerConfiguration.resolve(flags, seedsDemo: seedsDemo, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
