import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
import MarqueeServer
import Vapor

/// A real Marquee server listening on a random loopback port, with a private in-memory database
/// and a manual clock. The SDK talks to it over HTTP exactly as an app would.
final class LiveServer: Sendable {
    static let adminToken = "e2e-admin-token-0123456789"

    let app: Application
    let clock: ManualServerClock
    let baseURL: URL

    private init(app: Application, clock: ManualServerClock, baseURL: URL) {
        self.app = app
        self.clock = clock
        self.baseURL = baseURL
    }

    /// The configuration URL an SDK uses.
    var configurationURL: URL { baseURL.appendingPathComponent("v1/config") }

    /// Starts a server; pass `storage` to reuse a database across a restart.
    static func start(storage: ServerConfiguration.Storage = .sqliteMemory, seedsDemo: Bool = false,
                      trustedProxies: TrustedProxies = .none, connections: ConnectionLimits? = nil, adminLane: AdminLaneLimits? = nil,
                      allowsPrivateWebhookURLs: Bool = false,
                      clock: ManualServerClock = ManualServerClock(TestTime.start),
                      adjust: @Sendable (inout ServerConfiguration) -> Void = { _ in }) async throws -> LiveServer {
        let app = try await Application.make(.testing)
        do {
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, storage: storage,
                                                    trustedProxies: trustedProxies, adminToken: adminToken, seedsDemo: seedsDemo, logLevel: .warning)
            if let connections { configuration.connections = connections }
            // bcrypt's lowest cost: the same algorithm, 256 times cheaper than production's.
            configuration.passwordHashCost = 4
            // Many servers share the machine while the suite runs: a burst of requests may wait
            // longer than production's bounds for a database connection, readiness with it, and
            // the admin lane's low-priority thread for the CPU. Here they only stop a hang; the
            // lane's own bounds are tested with their production values or set by each test.
            configuration.databaseWaitSeconds = 120
            configuration.readinessTimeoutSeconds = 120
            configuration.adminLane.budget = .seconds(120)
            configuration.adminLane.queueWait = .seconds(120)
            if let adminLane { configuration.adminLane = adminLane }
            configuration.allowsPrivateWebhookURLs = allowsPrivateWebhookURLs
            adjust(&configuration)
            try await configure(app, configuration: configuration, clock: clock)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.marqueeListeningPort else {
                throw TestServerError("the server did not report its port")
            }
            return LiveServer(app: app, clock: clock, baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// Stops listening and releases the database.
    func stop() async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }

    // MARK: - Admin API over HTTP

    /// Sends an admin request and decodes the JSON answer.
    @discardableResult
    func admin(_ method: String, _ path: String, body: (any Encodable)? = nil) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = try MarqueeJSON.encoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw TestServerError("\(method) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    /// Creates a dashboard account with the admin token.
    func createAccount(_ email: String, role: String, password: String) async throws {
        try await admin("POST", "api/v1/accounts", body: ["email": email, "role": role, "password": password])
    }

    struct CreatedApp: Decodable {
        var id: UUID
        var subscriptionID: String
        /// Shown once, when the app is created.
        var secret: String?
    }

    func createApp(subscriptionID: String = "e2e-app", testUserIDs: [String] = [],
                   frequencyCaps: [FrequencyCap] = [], pingIntervalSeconds: Int = 3600) async throws -> CreatedApp {
        struct Body: Encodable {
            var name = "E2E"
            var subscriptionID: String
            var testUserIDs: [String]
            var frequencyCaps: [FrequencyCap]
            var pingIntervalSeconds: Int
        }
        let data = try await admin("POST", "api/v1/apps", body: Body(subscriptionID: subscriptionID, testUserIDs: testUserIDs,
                                                                      frequencyCaps: frequencyCaps, pingIntervalSeconds: pingIntervalSeconds))
        return try MarqueeJSON.decoder().decode(CreatedApp.self, from: data)
    }

    /// Creates a campaign and returns it as the server stored it (with its id).
    /// The settings of an app, as the admin API reads them.
    struct AppSettings: Decodable {
        var rolloutPercentage: Int
        var pingIntervalSeconds: Int
        var identityVerification: String
        var hasIdentitySecret: Bool
        var frequencyCaps: [FrequencyCap]
        var webOrigins: [String]
    }

    func appSettings(_ app: CreatedApp) async throws -> AppSettings {
        try MarqueeJSON.decoder().decode(AppSettings.self, from: try await admin("GET", "api/v1/apps/\(app.id)"))
    }

    /// The app's campaigns, as the admin API lists them.
    func campaigns(in app: CreatedApp) async throws -> [Campaign] {
        struct List: Decodable { var items: [Campaign] }
        return try MarqueeJSON.decoder().decode(List.self, from: try await admin("GET", "api/v1/apps/\(app.id)/campaigns")).items
    }

    func createCampaign(_ campaign: Campaign, in app: CreatedApp) async throws -> Campaign {
        let data = try await admin("POST", "api/v1/apps/\(app.id)/campaigns", body: campaign)
        return try MarqueeJSON.decoder().decode(Campaign.self, from: data)
    }

    func setStatus(_ status: CampaignStatus, of campaign: Campaign, in app: CreatedApp) async throws {
        try await admin("PUT", "api/v1/apps/\(app.id)/campaigns/\(campaign.id)/status", body: ["status": status.rawValue])
    }

    struct Stats: Decodable {
        struct Counts: Decodable {
            var impressions: Int
            var buttonOneClicks: Int
        }

        var testTraffic: Counts
        var impressions: Int
        var buttonOneClicks: Int
        var buttonTwoClicks: Int
        var contentClicks: Int
        var exits: Int
        var optOuts: Int
        /// A carousel's displays that showed each page.
        var pageViews: [Int]?
    }

    func stats(of campaign: Campaign, in app: CreatedApp) async throws -> Stats {
        let data = try await admin("GET", "api/v1/apps/\(app.id)/campaigns/\(campaign.id)/stats")
        return try MarqueeJSON.decoder().decode(Stats.self, from: data)
    }
}

struct TestServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
