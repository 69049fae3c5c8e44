extension ServerConfiguration {
    /// The values given on the command line. Each one that is set wins over its environment
    /// variable (``Variable``); `nil` leaves the choice to the environment, then to the default.
    public struct Flags: Sendable, Equatable {
        public var host: String?
        public var port: Int?
        public var dataDirectory: String?
        public var database: String?
        public var publicURL: String?
        public var trustedProxies: String?
        public var idleTimeout: Int?
        public var headerTimeout: Int?
        public var bodyTimeout: Int?
        public var databaseWait: Int?
        public var maxConnections: Int?
        public var maxConnectionsPerAddress: Int?
        public var maxLiveConnections: Int?
        public var maxLiveConnectionsPerAddress: Int?
        public var maxLiveConnectionsPerDevice: Int?
        public var impressionRetentionDays: Int?
        public var eventRetentionDays: Int?
        public var webhookDeliveryRetentionDays: Int?
        public var sdkRateLimit: Int?
        public var adminRateLimit: Int?
        public var appleAppIDs: String?
        /// A switch: `false` leaves the choice to the environment.
        public var allowsPrivateWebhookURLs = false

        /// No flag given: everything is read from the environment or takes its default.
        public init() {}

        /// Every flag, none left out: the command line passes each one it parses, and a flag
        /// added here does not compile until it does.
        public init(host: String?,
                    port: Int?,
                    dataDirectory: String?,
                    database: String?,
                    publicURL: String?,
                    trustedProxies: String?,
                    idleTimeout: Int?,
                    headerTimeout: Int?,
                    bodyTimeout: Int?,
                    databaseWait: Int?,
                    maxConnections: Int?,
                    maxConnectionsPerAddress: Int?,
                    maxLiveConnections: Int?,
                    maxLiveConnectionsPerAddress: Int?,
                    maxLiveConnectionsPerDevice: Int?,
                    impressionRetentionDays: Int?,
                    eventRetentionDays: Int?,
                    webhookDeliveryRetentionDays: Int?,
                    sdkRateLimit: Int?,
                    adminRateLimit: Int?,
                    appleAppIDs: String?,
                    allowsPrivateWebhookURLs: Bool) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.database = database
            self.publicURL = publicURL
            self.trustedProxies = trustedProxies
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.databaseWait = databaseWait
            self.maxConnections = maxConnections
            self.maxConnectionsPerAddress = maxConnectionsPerAddress
            self.maxLiveConnections = maxLiveConnections
            self.maxLiveConnectionsPerAddress = maxLiveConnectionsPerAddress
            self.maxLiveConnectionsPerDevice = maxLiveConnectionsPerDevice
            self.impressionRetentionDays = impressionRetentionDays
            self.eventRetentionDays = eventRetentionDays
            self.webhookDeliveryRetentionDays = webhookDeliveryRetentionDays
            self.sdkRateLimit = sdkRateLimit
            self.adminRateLimit = adminRateLimit
            self.appleAppIDs = appleAppIDs
            self.allowsPrivateWebhookURLs = allowsPrivateWebhookURLs
        }
    }
}
