import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// On PostgreSQL, an app's web origins saved through one instance are what every other instance
/// answers browsers by: its preflights (every app's origins, held in memory) and the app's
/// requests, as soon as the change notification arrives.
@MainActor
@Suite struct WebOriginsMultiInstanceTests {
    nonisolated static let postgresURL = ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_URL"]
    static let origin = "https://shop.example.com"

    private func status(_ request: URLRequest) async throws -> (Int, HTTPURLResponse?) {
        let (_, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http)
    }

    private func preflight(_ server: LiveServer) -> URLRequest {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/ping"))
        request.httpMethod = "OPTIONS"
        request.setValue(Self.origin, forHTTPHeaderField: "Origin")
        request.setValue("POST", forHTTPHeaderField: "Access-Control-Request-Method")
        return request
    }

    private func ping(_ server: LiveServer, app: LiveServer.CreatedApp) throws -> URLRequest {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/ping"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("browser-1", forHTTPHeaderField: "device_id")
        request.setValue(Self.origin, forHTTPHeaderField: "Origin")
        request.httpBody = try MarqueeJSON.encoder().encode(PingRequest(userIdentifiers: [], appVersion: "1.0.0"))
        return request
    }

    /// Polls `condition` until it holds: notifications arrive within milliseconds; the bound only
    /// stops a hung test on a busy machine.
    private func eventually(within seconds: Int = 60, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func originsSavedOnOneInstanceAreAnsweredByTheOther() async throws {
        let storage = ServerConfiguration.Storage.postgres(url: try #require(Self.postgresURL),
                                                           searchPath: "web_origins_\(UInt32.random(in: 0...UInt32.max))")
        let first = try await LiveServer.start(storage: storage)
        try await first.withStopping { first in
            let second = try await LiveServer.start(storage: storage)
            try await second.withStopping { second in
                #expect(try await eventually { await second.app.marquee.directory.isLearningOfChanges })
                let app = try await first.createApp(subscriptionID: "web-origins-app")
                // The second instance reads and holds every app's origins: none yet.
                #expect(try await status(preflight(second)).0 == 403)
                #expect(try await status(ping(second, app: app)).0 == 403)

                try await first.admin("PATCH", "api/v1/apps/\(app.id)", body: ["webOrigins": [Self.origin]])
                #expect(try await eventually { try await status(preflight(second)).0 == 204 },
                        "the second instance hears of the change and allows the origin's preflights")
                let (allowed, answer) = try await status(ping(second, app: app))
                #expect(allowed == 200)
                #expect(answer?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == Self.origin)

                try await first.admin("PATCH", "api/v1/apps/\(app.id)", body: ["webOrigins": [String]()])
                #expect(try await eventually { try await status(preflight(second)).0 == 403 }, "and stops allowing it")
                #expect(try await status(ping(second, app: app)).0 == 403)
            }
        }
    }
}
