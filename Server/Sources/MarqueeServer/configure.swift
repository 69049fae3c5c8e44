import Fluent
import MarqueeModel
import Vapor

/// Configures `app` as a Marquee server: database, migrations, errors, routes.
/// Tests call this with an in-memory database and a manual clock; `marquee serve` with the real ones.
///
/// JSON goes through Marquee's coders in ``Request/decodeJSON(_:)`` and ``Response/json(_:status:)``;
/// Vapor's process-wide content configuration is never changed.
public func configure(_ app: Application, configuration: ServerConfiguration,
                      clock: any ServerClock = SystemServerClock()) async throws {
    app.logger.logLevel = configuration.logLevel
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: configuration.connections.maxBodyBytes)
    app.useMarqueeHTTPServer(limits: configuration.connections)

    let databaseSetup = DatabaseSetup(configuration)
    try await databaseSetup.apply(to: app)
    app.migrations.addMarqueeMigrations()
    try await app.autoMigrate()

    let adminTokenHash = try await AdminToken.establish(configured: configuration.adminToken, on: app.db, logger: app.logger)
    let renderWorkers = RenderWorkers(clock: clock)
    app.lifecycle.use(RenderWorkersLifecycle(workers: renderWorkers))
    let passwords = try PasswordWorkers(cost: configuration.passwordHashCost, eventLoop: app.eventLoopGroup.any())
    app.lifecycle.use(PasswordWorkersLifecycle(workers: passwords))
    // One process on SQLite sees every change; instances sharing PostgreSQL learn of each other's
    // through the listener, and read every app until it is connected.
    let directory = AppDirectory(learnsOfChanges: configuration.storage.isSQLite)
    try AppChangeListener.start(for: configuration.storage, directory: directory, in: app)
    // Impressions and inbox tracking share the writer's transactions (on SQLite, its connection).
    let frequentWrites = try await databaseSetup.frequentWriterTransactions(for: app)
    let inboxTracking = GroupCommit(maxPerCommit: InboxStore.maxTrackingBatchesPerCommit, transactions: frequentWrites,
                                    store: InboxStore.storeTracked)
    app.marquee = MarqueeServices(configuration: configuration, clock: clock, catalog: CampaignCatalog(logger: app.logger),
                                  directory: directory,
                                  adminTokenHash: adminTokenHash, renderWorkers: renderWorkers,
                                  impressionWriter: ImpressionWriter(transactions: frequentWrites), inboxTracking: inboxTracking,
                                  passwords: passwords,
                                  signInLimiter: SignInLimiter(clock: clock))

    try routes(app)
    // Outermost first: every request is logged, every response (errors included) gets its cache
    // policy. 405 needs the routes, so the chain is set once they are registered.
    app.middleware = Middlewares()
    app.middleware.use(MiddlewareChain(AccessLogMiddleware(), CachePolicyMiddleware(), APIErrorMiddleware(),
                                       MethodNotAllowedMiddleware(routes: app.routes)))

    app.lifecycle.use(HourlyJob.inboxPurge(InboxPurge(database: app.db, clock: clock)))
    if let days = configuration.impressionRetentionDays {
        app.lifecycle.use(HourlyJob.impressionRetention(ImpressionRetention(days: days, database: app.db, clock: clock)))
    }

    if configuration.seedsDemo {
        // A wildcard bind address is not one a device can reach; loopback is, on this machine.
        let host = ["0.0.0.0", "::"].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let base = configuration.publicURL?.absoluteString ?? "http://\(host):\(configuration.port)"
        try await DemoSeeder(store: CatalogStore(database: app.db, clock: clock, catalog: app.marquee.catalog,
                                                  directory: app.marquee.directory),
                             inbox: InboxStore(database: app.db, clock: clock, tracking: app.marquee.inboxTracking),
                             logger: app.logger, assetsBaseURL: base.trimmingSuffix("/") + "/demo/assets").seed()
        try await DemoAccount(accounts: AccountStore(database: app.db, clock: clock, passwords: passwords),
                              dashboardURL: base.trimmingSuffix("/") + "/dashboard").seed()
    }
}

/// Every route of the server. Admin routes authenticate by bearer token or session cookie, check
/// the CSRF token of cookie-authenticated writes, pass ``AccessPolicyMiddleware`` (who may do
/// what, by method and area), and have every change that succeeds recorded in the audit log
/// (``AuditMiddleware``); app-scoped ones live under one group whose middleware authorizes the
/// app. Admin requests decode strictly (unknown keys are errors), SDK requests leniently.
func routes(_ app: Application) throws {
    let configuration = app.marquee.configuration
    let clock = app.marquee.clock
    try app.register(collection: OpsController())
    try app.register(collection: MetricsController())
    try app.register(collection: DashboardController())
    let sdk = app.chained(GzipMiddleware(), configuration.sdkRateLimit.map {
        RateLimitMiddleware(scope: .sdk, limiter: RateLimiter(limit: $0, clock: clock))
    }, SDKCallerMiddleware())
    try sdk.register(collection: SDKController())
    try sdk.register(collection: InboxSDKController())
    try app.register(collection: DemoAssetsController())

    let api = app.grouped("api", "v1").chained(StrictInputMiddleware())
    let adminRateLimit = configuration.adminRateLimit
    let admin = api.chained(
        AdminAuthenticator(), SessionAuthenticator(), PrincipalRequiredMiddleware(),
        adminRateLimit.map { RateLimitMiddleware(scope: .admin, limiter: RateLimiter(limit: $0, clock: clock)) },
        CSRFMiddleware(), AccessPolicyMiddleware(), AuditMiddleware())
    // Both are outside the admin group (sign-in has no credentials yet; the frame checks its
    // session itself), so they are limited per address, each on its own.
    func limitedPerAddress() -> RateLimitMiddleware? {
        adminRateLimit.map { RateLimitMiddleware(scope: .address, limiter: RateLimiter(limit: $0, clock: clock)) }
    }
    let previewFrame = app.chained(limitedPerAddress())
    let signIn = api.chained(limitedPerAddress())
    try previewFrame.register(collection: PreviewFrameController())
    try signIn.register(collection: SignInController())
    try admin.register(collection: SessionController())
    try admin.register(collection: AccountsController())
    try admin.register(collection: AuditController())
    try admin.register(collection: AppsController())
    try admin.register(collection: PreviewController())

    let appScope = admin.grouped("apps", ":appID").chained(AppAuthorizationMiddleware())
    try appScope.register(collection: AppController())
    try appScope.register(collection: CampaignsController())
    try appScope.register(collection: UsersController())
    try appScope.register(collection: InboxController())
    try appScope.register(collection: IdentitySecretController())
    try appScope.register(collection: TriggerTestController())
    try appScope.register(collection: TestersController())
}
