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
        public var sdkRateLimit: Int?
        public var adminRateLimit: Int?
        public var appleAppIDs: String?
        /// A switch: `false` leaves the choice to the environment.
        public var allowsPrivateWebhookURLs = false

        /// Flags as given; the ones left out are read from the environment or take their defaults.
        public init(host: String? = nil,
                    port: Int? = nil,
                    dataDirectory: String? = nil,
                    database: String? = nil,
                    publicURL: String? = nil,
                    trustedProxies: String? = nil,
                    idleTimeout: Int? = nil,
                    headerTimeout: Int? = nil,
                    bodyTimeout: Int? = nil,
                    databaseWait: Int? = nil,
                    maxConnections: Int? = nil,
                    maxConnectionsPerAddress: Int? = nil,
                    maxLiveConnections: Int? = nil,
                    impressionRetentionDays: Int? = nil,
                    eventRetentionDays: Int? = nil,
                    sdkRateLimit: Int? = nil,
                    adminRateLimit: Int? = nil,
                    appleAppIDs: String? = nil,
                    allowsPrivateWebhookURLs: Bool = false) {
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
            self.impressionRetentionDays = impressionRetentionDays
            self.eventRetentionDays = eventRetentionDays
            self.sdkRateLimit = sdkRateLimit
            self.adminRateLimit = adminRateLimit
            self.appleAppIDs = appleAppIDs
            self.allowsPrivateWebhookURLs = allowsPrivateWebhookURLs
        }
    }
}
