import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeTestSupport
import SQLKit
import Testing
import Vapor
import VaporTesting

/// A Marquee server configured for one test: a private database, a manual clock, a known admin token.
struct TestServer: Sendable {
    static let adminToken = "test-admin-token-0123456789"

    let app: Application
    let clock: ManualServerClock

    /// Runs `body` against a fresh server on `database`, then tears it down (dropping a PostgreSQL schema).
    static func with(_ database: TestDatabase = .sqlite, publicURL: URL? = nil, trustedProxies: TrustedProxies = .none,
                     seedsDemo: Bool = false, adjust: (inout ServerConfiguration) -> Void = { _ in },
                     webhookResolver: any WebhookResolver = SystemWebhookResolver(),
                     _ body: (TestServer) async throws -> Void) async throws {
        try await with(storage: database.makeStorage(), publicURL: publicURL, trustedProxies: trustedProxies,
                       seedsDemo: seedsDemo, adjust: adjust, webhookResolver: webhookResolver, body)
    }

    /// Runs `body` against a fresh server on `storage` (a SQLite file is removed afterwards).
    static func with(storage: ServerConfiguration.Storage, publicURL: URL? = nil, trustedProxies: TrustedProxies = .none,
                     seedsDemo: Bool = false, adjust: (inout ServerConfiguration) -> Void = { _ in },
                     webhookResolver: any WebhookResolver = SystemWebhookResolver(),
                     _ body: (TestServer) async throws -> Void) async throws {
        let slots: TestSlots? = if case .postgres = storage { .postgresServers } else { nil }
        await slots?.acquire()
        do {
            try await run(storage: storage, publicURL: publicURL, trustedProxies: trustedProxies, seedsDemo: seedsDemo, adjust: adjust,
                          webhookResolver: webhookResolver, body)
        } catch {
            await slots?.release()
            throw error
        }
        await slots?.release()
    }

    private static func run(storage: ServerConfiguration.Storage, publicURL: URL?, trustedProxies: TrustedProxies, seedsDemo: Bool,
                            adjust: (inout ServerConfiguration) -> Void, webhookResolver: any WebhookResolver,
                            _ body: (TestServer) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        let clock = ManualServerClock()
        do {
            var configuration = ServerConfiguration(storage: storage, publicURL: publicURL, trustedProxies: trustedProxies,
                                                    adminToken: adminToken, seedsDemo: seedsDemo, logLevel: .warning)
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
            adjust(&configuration)
            try await configure(app, configuration: configuration, clock: clock, webhookResolver: webhookResolver)
            try await body(TestServer(app: app, clock: clock))
        } catch {
            await Self.cleanUp(app, storage)
            throw error
        }
        await Self.cleanUp(app, storage)
    }

    private static func cleanUp(_ app: Application, _ storage: ServerConfiguration.Storage) async {
        if case .postgres(_, let schema?) = storage, let sql = app.db as? any SQLDatabase {
            try? await sql.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
        }
        try? await app.asyncShutdown()
        if case .sqliteFile(let path) = storage {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// Sends a request and returns the response. `json` is encoded with Marquee's coders.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, token: String? = TestServer.adminToken,
              subscription: String? = nil, deviceID: String? = nil, headers extra: [(String, String)] = [],
              json: (any Encodable)? = nil, raw: String? = nil, rawBody: String? = nil) async throws -> TestResponse {
        var headers = HTTPHeaders()
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        if let subscription { headers.add(name: "Subscription-Id", value: subscription) }
        if let deviceID { headers.add(name: "device_id", value: deviceID) }
        for (name, value) in extra { headers.add(name: name, value: value) }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(data: try MarqueeJSON.encoder().encode(json))
            headers.contentType = .json
        } else if let raw {
            body = ByteBuffer(string: raw)
            headers.contentType = .json
        } else if let rawBody {
            // Sent as it is, with the content type the caller's headers give.
            body = ByteBuffer(string: rawBody)
        }
        var captured: TestResponse?
        try await app.testing().test(method, path, headers: headers, body: body) { response in
            captured = TestResponse(status: response.status, headers: response.headers,
                                    body: Data(buffer: response.body))
        }
        return try #require(captured)
    }
}

/// A response with helpers to read its JSON.
struct TestResponse {
    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    let body: Data

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try MarqueeJSON.decoder().decode(type, from: body)
    }

    /// The body as untyped JSON.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// `error.code` of the one JSON error body.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

    /// The fields named in a validation error.
    var errorFields: [String] {
        ((json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }
}
