import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import MarqueeModel
import SQLKit
import Vapor

/// Configures `app` as a Marquee server: database, migrations, JSON coding, errors, routes.
/// Tests call this with an in-memory database and a manual clock; `marquee serve` with the real ones.
public func configure(_ app: Application, configuration: ServerConfiguration,
                      clock: any ServerClock = SystemServerClock()) async throws {
    app.logger.logLevel = configuration.logLevel
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: RequestLimits.maxBodyBytes)

    try await useDatabase(configuration.storage, on: app)
    app.migrations.addMarqueeMigrations()
    try await app.autoMigrate()

    ContentConfiguration.global.use(encoder: MarqueeJSON.encoder(), for: .json)
    ContentConfiguration.global.use(decoder: MarqueeJSON.decoder(), for: .json)

    let adminTokenHash = try await AdminToken.establish(configured: configuration.adminToken, on: app.db, logger: app.logger)
    app.marquee = MarqueeServices(configuration: configuration, clock: clock,
                                  catalog: CampaignCatalog(logger: app.logger), adminTokenHash: adminTokenHash)

    app.middleware = Middlewares()
    app.middleware.use(APIErrorMiddleware())
    try routes(app)

    if configuration.seedsDemo {
        // A wildcard bind address is not one a device can reach; loopback is, on this machine.
        let host = ["0.0.0.0", "::"].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let base = configuration.publicURL?.absoluteString ?? "http://\(host):\(configuration.port)"
        try await DemoSeeder(database: app.db, clock: clock, logger: app.logger,
                             assetsBaseURL: base.trimmingSuffix("/") + "/demo/assets").seed()
    }
}

/// Every route of the server.
func routes(_ app: Application) throws {
    try app.register(collection: OpsController())
    try app.register(collection: DashboardController())
    try app.register(collection: SDKController())
    try app.register(collection: DemoAssetsController())
    let admin = app.grouped("api", "v1").grouped(AdminAuthMiddleware())
    try admin.register(collection: AppsController())
    try admin.register(collection: CampaignsController())
    try admin.register(collection: PreviewController())
}

private func useDatabase(_ storage: ServerConfiguration.Storage, on app: Application) async throws {
    switch storage {
    case .sqliteFile(let path):
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
    case .sqliteMemory:
        app.databases.use(.sqlite(.memory), as: .sqlite)
    case .postgres(let url, let searchPath):
        var postgres = try SQLPostgresConfiguration(url: url)
        if let searchPath { postgres.searchPath = [searchPath] }
        app.databases.use(.postgres(configuration: postgres), as: .psql)
        if let searchPath, let sql = app.db as? any SQLDatabase {
            try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: searchPath)").run()
        }
    }
}
