import Foundation
import Logging

/// Everything the server needs to start, read once from flags and environment variables.
public struct ServerConfiguration: Sendable, Equatable {
    /// Where campaigns and impressions are stored.
    public enum Storage: Sendable, Equatable {
        /// A SQLite file, created and migrated on first start.
        case sqliteFile(String)
        /// A private in-memory SQLite database (tests).
        case sqliteMemory
        /// A PostgreSQL database; `searchPath` selects a schema (tests isolate themselves with one).
        case postgres(url: String, searchPath: String? = nil)
    }

    public var host: String
    public var port: Int
    /// Where the server keeps its files: the SQLite database unless `--database` names another,
    /// and the generated admin token (`admin-token`).
    public var dataDirectory: String
    public var storage: Storage
    /// The base URL clients reach this server at; `nil` derives it from each request's Host header.
    public var publicURL: URL?
    /// Proxies whose forwarded headers are believed when `publicURL` is not set.
    public var trustedProxies: TrustedProxies
    /// The admin API token; `nil` uses the one stored in the database, generating it on first start.
    public var adminToken: String?
    /// The SDK API's limit per app and device; `nil` turns it off.
    public var sdkRateLimit: RateLimit? = .sdkDefault
    /// The admin API's limit per principal and address; `nil` turns it off.
    public var adminRateLimit: RateLimit? = .adminDefault
    /// Raw impressions older than this many days are removed (their counts are kept); `nil` keeps them.
    public var impressionRetentionDays: Int?
    /// Events older than this many days leave the event log (``EventLog``); `nil` keeps them.
    public var eventRetentionDays: Int?
    /// Webhook deliveries delivered longer ago than this many days leave the delivery log, with
    /// their attempts, and can no longer be redelivered (``WebhookStore/prune(deliveredBefore:)``).
    public var webhookDeliveryRetentionDays = 7
    /// Whether webhooks may be sent to loopback, private and link-local addresses (development
    /// and tests); refused by default (``WebhookURLPolicy``).
    public var allowsPrivateWebhookURLs = false
    /// How long a webhook receiver has to answer a delivery before it is tried again later.
    public var webhookTimeout: Duration = .seconds(10)
    /// Timeouts and sizes every connection is held to.
    public var connections = ConnectionLimits()
    /// Live channels (`GET /v1/live`) held at once; one more is answered 503.
    public var maxLiveConnections = 10_000
    /// Live channels one client address holds at once; one more is answered 503. `nil`: an
    /// eighth of ``maxLiveConnections``, at least 64 (``LiveHub``).
    public var maxLiveConnectionsPerAddress: Int?
    /// Live channels one device of an app holds at once; one more closes its oldest.
    public var maxLiveConnectionsPerDevice = 2
    /// The iOS apps that open this server's pairing links as universal links: they are listed in
    /// `/.well-known/apple-app-site-association` (``AppleAppSiteAssociation``).
    public var appleAppIDs: [AppleAppID] = []
    /// How often a quiet live channel gets a heartbeat.
    public var liveHeartbeatSeconds = 20
    /// How long a request waits for a database connection before it is answered 503
    /// (`database_busy`); `nil` waits 30 seconds on SQLite and 15 on PostgreSQL (where opening a
    /// new connection then has PostgresNIO's own 10 seconds).
    public var databaseWaitSeconds: Int?
    /// How many long admin reads (audience counts, statistics, exports) run at once, and for how
    /// long each may run (``AdminLane``).
    public var adminLane = AdminLaneLimits()
    /// How long `GET /readyz` waits for the database before it answers 503 (``Readiness``).
    public var readinessTimeoutSeconds = 2
    /// The bcrypt cost of account passwords (2^cost rounds). Tests lower it; a password keeps
    /// the cost it was hashed with.
    public var passwordHashCost = 12
    /// Users whose profile rows, and whose placeholder values, each instance holds in memory for
    /// pings (``UserCache``): a few hundred bytes each, more with large profiles.
    public var usersHeld = 20_000
    /// Seeds the demo app and its campaigns at start.
    public var seedsDemo: Bool
    public var logLevel: Logger.Level

    public init(host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = ".", storage: Storage? = nil,
                publicURL: URL? = nil, trustedProxies: TrustedProxies = .none, adminToken: String? = nil, seedsDemo: Bool = false, logLevel: Logger.Level = .info) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.storage = storage ?? .sqliteFile(Self.path(Self.defaultDatabaseName, in: dataDirectory))
        self.publicURL = publicURL
        self.trustedProxies = trustedProxies
        self.adminToken = adminToken
        self.seedsDemo = seedsDemo
        self.logLevel = logLevel
    }

    /// The SQLite file's name in the data directory, when `--database` names none.
    public static let defaultDatabaseName = "marquee.sqlite"
    /// The file in the data directory that holds a generated admin token.
    public static let adminTokenFileName = "admin-token"

    /// Where the generated admin token is written.
    public var adminTokenFile: String { Self.path(Self.adminTokenFileName, in: dataDirectory) }

    static func path(_ name: String, in directory: String) -> String {
        directory == "." ? name : URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    /// The environment variables the server reads, and what each one sets.
    public enum Variable {
        public static let host = "MARQUEE_HOST"
        public static let port = "MARQUEE_PORT"
        public static let dataDirectory = "MARQUEE_DATA_DIR"
        public static let database = "MARQUEE_DATABASE"
        public static let databaseURL = "DATABASE_URL"
        public static let publicURL = "MARQUEE_PUBLIC_URL"
        public static let trustedProxies = "MARQUEE_TRUSTED_PROXIES"
        public static let adminToken = "MARQUEE_ADMIN_TOKEN"
        public static let logLevel = "LOG_LEVEL"
        public static let idleTimeout = "MARQUEE_IDLE_TIMEOUT"
        public static let impressionRetentionDays = "MARQUEE_IMPRESSION_RETENTION_DAYS"
        public static let eventRetentionDays = "MARQUEE_EVENT_RETENTION_DAYS"
        public static let webhookDeliveryRetentionDays = "MARQUEE_WEBHOOK_DELIVERY_RETENTION_DAYS"
        public static let allowsPrivateWebhookURLs = "MARQUEE_ALLOW_PRIVATE_WEBHOOK_URLS"
        public static let maxLiveConnections = "MARQUEE_MAX_LIVE_CONNECTIONS"
        public static let maxLiveConnectionsPerAddress = "MARQUEE_MAX_LIVE_CONNECTIONS_PER_ADDRESS"
        public static let maxLiveConnectionsPerDevice = "MARQUEE_MAX_LIVE_CONNECTIONS_PER_DEVICE"
        public static let appleAppIDs = "MARQUEE_APPLE_APP_IDS"
        public static let headerTimeout = "MARQUEE_HEADER_TIMEOUT"
        public static let bodyTimeout = "MARQUEE_BODY_TIMEOUT"
        public static let databaseWait = "MARQUEE_DATABASE_WAIT"
        public static let maxConnections = "MARQUEE_MAX_CONNECTIONS"
        public static let maxConnectionsPerAddress = "MARQUEE_MAX_CONNECTIONS_PER_ADDRESS"
        public static let sdkRateLimit = "MARQUEE_SDK_RATE_LIMIT"
        public static let adminRateLimit = "MARQUEE_ADMIN_RATE_LIMIT"
    }
}

/// A request rate: `perMinute` on average, with bursts of up to half a minute's worth.
public struct RateLimit: Sendable, Equatable {
    public var perMinute: Int
    public var burst: Int { max(1, perMinute / 2) }

    public init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Per app and device: far above what a device sends (a config, a ping per interval, a
    /// permission check and an impression per display).
    public static let sdkDefault = RateLimit(perMinute: 120)
    /// Per principal and address on the admin API: room for the dashboard and scripts.
    public static let adminDefault = RateLimit(perMinute: 600)
}

/// Every problem found in the server configuration at once.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var problems: [String]

    public var description: String {
        "invalid configuration:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
