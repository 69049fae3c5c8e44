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
    try await configure(app, configuration: configuration, clock: clock, webhookResolver: SystemWebhookResolver())
}

/// ``configure(_:configuration:clock:)`` with the resolver webhook hosts are looked up with
/// (tests give their own).
func configure(_ app: Application, configuration: ServerConfiguration, clock: any ServerClock,
               webhookResolver: any WebhookResolver) async throws {
    app.logger.logLevel = configuration.logLevel
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: configuration.connections.maxBodyBytes)
    app.useMarqueeHTTPServer(limits: configuration.connections, trustedProxies: configuration.trustedProxies)

    let databaseSetup = DatabaseSetup(configuration)
    try await databaseSetup.apply(to: app)
    app.migrations.addMarqueeMigrations()
    try await app.autoMigrate()

    let adminTokenHash = try await AdminToken.establish(configured: configuration.adminToken, on: app.db,
                                                         file: configuration.adminTokenFile, logger: app.logger)
    let renderWorkers = RenderWorkers(clock: clock)
    app.lifecycle.use(RenderWorkersLifecycle(workers: renderWorkers))
    let passwords = try PasswordWorkers(cost: configuration.passwordHashCost, eventLoop: app.eventLoopGroup.any())
    app.lifecycle.use(PasswordWorkersLifecycle(workers: passwords))
    // One process on SQLite sees every change; instances sharing PostgreSQL learn of each other's
    // through the listener, and read every app until it is connected.
    let directory = AppDirectory(learnsOfChanges: configuration.storage.isSQLite)
    let userChanges = UserChanges(capacity: configuration.usersHeld, learnsOfChanges: configuration.storage.isSQLite)
    let pairedDevices = PairedDevices(hub: LiveHub(maximum: liveChannelMaximum(configuration, in: app),
                                                       perAddress: configuration.maxLiveConnectionsPerAddress,
                                                       perDevice: configuration.maxLiveConnectionsPerDevice),
                                      announcesThroughDatabase: !configuration.storage.isSQLite)
    let pairings = PairingStore(database: app.db, clock: clock, devices: pairedDevices)
    try ChangeListener.start(for: configuration.storage, directory: directory, users: userChanges,
                             pairedDevices: pairedDevices, pairings: pairings, in: app)
    // Impressions, inbox tracking and app facts share the writer's transactions (on SQLite, its connection).
    let frequentWrites = try await databaseSetup.frequentWriterTransactions(for: app)
    let userFacts = UserFactsRecorder(transactions: frequentWrites, changes: userChanges, logger: app.logger)
    app.lifecycle.use(UserFactsRecorderLifecycle(recorder: userFacts))
    let inboxTracking = GroupCommit(maxPerCommit: InboxStore.maxTrackingBatchesPerCommit, transactions: frequentWrites,
                                    store: InboxStore.storeTracked)
    app.marquee = MarqueeServices(configuration: configuration, clock: clock, catalog: CampaignCatalog(logger: app.logger),
                                  directory: directory,
                                  adminTokenHash: adminTokenHash, renderWorkers: renderWorkers,
                                  impressionWriter: ImpressionWriter(transactions: frequentWrites, changes: userChanges), inboxTracking: inboxTracking,
                                  passwords: passwords,
                                  signInLimiter: SignInLimiter(clock: clock),
                                  adminLane: AdminLane.open(for: configuration.storage, settings: configuration.adminLane, in: app),
                                  userChanges: userChanges, userFacts: userFacts,
                                  webhooks: WebhookDispatcher(
                                    store: WebhookStore(database: app.db, clock: clock),
                                    policy: WebhookURLPolicy(allowsPrivateAddresses: configuration.allowsPrivateWebhookURLs,
                                                             resolver: webhookResolver),
                                    sender: try HTTPWebhookSender(group: app.eventLoopGroup), timeout: configuration.webhookTimeout,
                                    audit: AuditLog(database: app.db, clock: clock), logger: app.logger),
                                  pairedDevices: pairedDevices,
                                  importJobs: { ImportJobs(database: app.db, changes: userChanges, clock: clock, deviceTraffic: $0, logger: app.logger) })
    app.lifecycle.use(ImportJobsLifecycle(jobs: app.marquee.importJobs))
    app.lifecycle.use(WebhookDispatcherLifecycle(dispatcher: app.marquee.webhooks))
    LiveCatalogWatcher(hub: app.marquee.live, database: app.db, logger: app.logger).start(on: directory)
    app.lifecycle.use(LiveHeartbeat.start(hub: app.marquee.live, seconds: configuration.liveHeartbeatSeconds, on: app.eventLoopGroup.any()))

    try routes(app)
    // Outermost first: every request is logged, every response (errors included) gets its cache
    // policy. 405 needs the routes, so the chain is set once they are registered.
    app.middleware = Middlewares()
    app.middleware.use(MiddlewareChain(AccessLogMiddleware(), CachePolicyMiddleware(), APIErrorMiddleware(),
                                       MethodNotAllowedMiddleware(routes: app.routes)))

    app.lifecycle.use(HourlyJob.inboxPurge(InboxPurge(database: app.db, clock: clock)))
    app.lifecycle.use(HourlyJob.campaignListPrune(database: app.db, clock: clock))
    app.lifecycle.use(HourlyJob.webhookDeliveryRetention(days: configuration.webhookDeliveryRetentionDays,
                                                         store: WebhookStore(database: app.db, clock: clock)))
    if let days = configuration.eventRetentionDays {
        app.lifecycle.use(HourlyJob.eventRetention(days: days, database: app.db, clock: clock))
    }
    if let days = configuration.impressionRetentionDays {
        app.lifecycle.use(HourlyJob.impressionRetention(ImpressionRetention(days: days, database: app.db, clock: clock), changes: userChanges))
    }

    if configuration.seedsDemo {
        // A wildcard bind address is not one a device can reach; loopback is, on this machine.
        let host = ["0.0.0.0", "::"].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let base = configuration.publicURL?.absoluteString ?? "http://\(host):\(configuration.port)"
        try await DemoSeeder(store: CatalogStore(database: app.db, clock: clock, catalog: app.marquee.catalog,
                                                  directory: app.marquee.directory),
                             inbox: InboxStore(database: app.db, clock: clock, tracking: app.marquee.inboxTracking),
                             logger: app.logger, assetsBaseURL: base.trimmingSuffix("/") + "/demo/assets",
                             webOrigins: demoWebOrigins(base: base)).seed()
        try await DemoAccount(accounts: AccountStore(database: app.db, clock: clock, passwords: passwords),
                              dashboardURL: base.trimmingSuffix("/") + "/dashboard").seed()
    }
}

/// Registers every route of ``RouteTable`` on the middleware group its access names. Admin
/// routes authenticate by bearer token or session cookie, check the CSRF token of
/// cookie-authenticated writes, pass ``AccessPolicyMiddleware`` (who may do what, by method and
/// the route's area), and have every change that succeeds recorded in the audit log
/// (``AuditMiddleware``); app-scoped ones also pass ``AppAuthorizationMiddleware``. SDK routes
/// answer web pages by their app's web origins (``DeviceCORSMiddleware``, preflights included)
/// and resolve their caller in ``SDKCallerMiddleware``; the web SDK's message frame, a form post,
/// resolves it there too, without CORS. Admin requests decode strictly (unknown keys
/// are errors), SDK requests leniently.
func routes(_ app: Application) throws {
    let groups = RouteGroups(app)
    for endpoint in RouteTable.all {
        let route = groups.builder(for: endpoint.access).on(endpoint.method, endpoint.path.pathComponents, use: endpoint.respond)
        if let area = endpoint.access.area { route.userInfo[AdminArea.routeInfoKey] = area }
    }
}

/// The middleware chain of each kind of ``Endpoint/Access``.
private struct RouteGroups {
    let open: any RoutesBuilder
    let metrics: any RoutesBuilder
    let sdk: any RoutesBuilder
    let deviceFrame: any RoutesBuilder
    let signIn: any RoutesBuilder
    let previewFrame: any RoutesBuilder
    let admin: any RoutesBuilder
    let app: any RoutesBuilder

    init(_ application: Application) {
        let configuration = application.marquee.configuration
        let clock = application.marquee.clock
        open = application
        metrics = application.chained(AdminAuthenticator(), PrincipalRequiredMiddleware())
        sdk = application.chained(DeviceTrafficMiddleware(), DeviceCORSMiddleware(), GzipMiddleware(), configuration.sdkRateLimit.map {
            RateLimitMiddleware(scope: .sdk, limiter: RateLimiter(limit: $0, clock: clock))
        }, SDKCallerMiddleware())
        // A form post into a frame: no CORS (the page reads nothing back; the answer's
        // `frame-ancestors` decides who may show it), and its own count of requests.
        deviceFrame = application.chained(DeviceTrafficMiddleware(), GzipMiddleware(), configuration.sdkRateLimit.map {
            RateLimitMiddleware(scope: .sdk, limiter: RateLimiter(limit: $0, clock: clock))
        }, SDKCallerMiddleware())
        let adminRateLimit = configuration.adminRateLimit
        // Sign-in and the preview frame are outside the admin group (sign-in has no credentials
        // yet; the frame checks its session itself), so they are limited per address, each on its own.
        func limitedPerAddress() -> RateLimitMiddleware? {
            adminRateLimit.map { RateLimitMiddleware(scope: .address, limiter: RateLimiter(limit: $0, clock: clock)) }
        }
        signIn = application.chained(StrictInputMiddleware(), limitedPerAddress())
        previewFrame = application.chained(limitedPerAddress())
        admin = application.chained(
            StrictInputMiddleware(), AdminAuthenticator(), SessionAuthenticator(), PrincipalRequiredMiddleware(),
            adminRateLimit.map { RateLimitMiddleware(scope: .admin, limiter: RateLimiter(limit: $0, clock: clock)) },
            CSRFMiddleware(), AccessPolicyMiddleware(), AuditMiddleware())
        app = admin.chained(AppAuthorizationMiddleware())
    }

    func builder(for access: Endpoint.Access) -> any RoutesBuilder {
        switch access {
        case .open: open
        case .metrics: metrics
        case .sdk: sdk
        case .deviceFrame: deviceFrame
        case .signIn: signIn
        case .previewFrame: previewFrame
        case .admin: admin
        case .app: app
        }
    }
}

/// Live channels one instance holds: as configured, within three quarters of the connections it
/// may hold, so that requests always have room and quiet channels are not made room for again and
/// again (each would come back seconds later).
private func liveChannelMaximum(_ configuration: ServerConfiguration, in app: Application) -> Int {
    guard let connections = app.marqueeHTTPServer?.cap.maximum else { return configuration.maxLiveConnections }
    let room = connections * 3 / 4
    if configuration.maxLiveConnections > room {
        app.logger.notice("Fewer live channels than configured: the connection limit leaves room for this many",
                          metadata: ["live channels": "\(room)", "configured": "\(configuration.maxLiveConnections)",
                                     "max connections": "\(connections)"])
    }
    return min(configuration.maxLiveConnections, room)
}

/// The origin of `base`, the demo's own web page's, so it may use the demo app; none for a server
/// started on port 0, which learns its port only once it listens.
func demoWebOrigins(base: String) -> [String] {
    guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), url.port != 0 else {
        return []
    }
    let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    return WebOrigins.problem(with: origin) == nil ? [origin] : []
}
