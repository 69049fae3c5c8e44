import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// Rate limits stop floods without touching what a real device or the dashboard does.
@Suite("Rate limits")
struct RateLimitTests {
    /// What a device sends in a busy session: config, ping, then ten displays (permission and
    /// impression each) and another ping.
    private func normalSession(_ server: TestServer, app: Fixtures.CreatedApp, campaign: String, device: String) async throws -> [UInt] {
        var statuses: [UInt] = []
        statuses.append(try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID, deviceID: device).status.code)
        statuses.append(try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: device,
                                              json: Fixtures.pingBody()).status.code)
        for display in 0..<10 {
            let permission = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: campaign, userIdentifiers: [],
                                                      platform: 1, appVersion: "1.0", sdkVersion: "1", locale: "en", lastPingInMillis: 0)
            statuses.append(try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID,
                                                  deviceID: device, json: permission).status.code)
            let impression = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_000)],
                                            batchId: "\(device)-\(display)")
            statuses.append(try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                  deviceID: device, json: impression).status.code)
        }
        statuses.append(try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: device,
                                              json: Fixtures.pingBody()).status.code)
        return statuses
    }

    @Test func aRealDevicesSessionIsNeverLimited() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            for minute in 0..<3 {
                let statuses = try await normalSession(server, app: app, campaign: campaign, device: "phone")
                #expect(statuses.allSatisfy { $0 == 200 }, "minute \(minute): \(statuses)")
                server.clock.advance(by: 60)
            }
        }
    }

    @Test func aFloodingDeviceIsRefusedUntilItSlowsDown() async throws {
        try await TestServer.with(adjust: { $0.sdkRateLimit = RateLimit(perMinute: 60) }) { server in
            let app = try await server.createApp()
            func ping(_ device: String) async throws -> TestResponse {
                try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: device,
                                      json: Fixtures.pingBody())
            }
            var statuses: [UInt] = []
            for _ in 0..<40 { statuses.append(try await ping("flooder").status.code) }
            #expect(statuses.prefix(30).allSatisfy { $0 == 200 }, "a burst of half a minute's worth passes")
            #expect(statuses.suffix(10).allSatisfy { $0 == 429 })
            let refused = try await ping("flooder")
            #expect(refused.errorCode == "rate_limited")
            #expect(refused.headers.first(name: "Retry-After") == "1")
            #expect(try await ping("neighbour").status == .ok, "another device has its own allowance")

            server.clock.advance(by: 1)
            #expect(try await ping("flooder").status == .ok, "one request a second comes back")
        }
    }

    @Test func theAdminAPIIsLimitedPerCredential() async throws {
        try await TestServer.with(adjust: { $0.adminRateLimit = RateLimit(perMinute: 10) }) { server in
            let app = try await server.createApp()
            var statuses: [UInt] = []
            for _ in 0..<8 { statuses.append(try await server.send(.GET, "/api/v1/apps").status.code) }
            #expect(statuses.filter { $0 == 429 }.count == 4, "\(statuses)")
            let secret = try #require(app.secret)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)", token: secret).status == .ok,
                    "the app's own secret has its own allowance")
            server.clock.advance(by: 60)
            #expect(try await server.send(.GET, "/api/v1/apps").status == .ok)
        }
    }

    @Test func thePreviewFrameIsLimitedPerAddress() async throws {
        try await TestServer.with(adjust: { $0.adminRateLimit = RateLimit(perMinute: 4) }) { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            var form = URLComponents()
            form.queryItems = [URLQueryItem(name: "csrf", value: session.csrf),
                               URLQueryItem(name: "message", value: #"{"kind": "modal", "title": "Hi"}"#)]
            let body = try #require(form.percentEncodedQuery)
            var statuses: [UInt] = []
            for _ in 0..<4 {
                statuses.append(try await server.send(.POST, "/api/v1/preview/frame", token: nil,
                                                      headers: [("Content-Type", "application/x-www-form-urlencoded"),
                                                                ("Cookie", "marquee_session=\(session.cookie)")],
                                                      rawBody: body).status.code)
            }
            #expect(statuses == [200, 200, 429, 429], "a burst of 2, then refused")
        }
    }

    @Test func limitsAreConfigurable() throws {
        let off = try ServerConfiguration.resolve(.with { $0.sdkRateLimit = 0 }, environment: ["MARQUEE_ADMIN_RATE_LIMIT": "30"])
        #expect(off.sdkRateLimit == nil)
        #expect(off.adminRateLimit == RateLimit(perMinute: 30))
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.sdkRateLimit == .sdkDefault)
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(environment: ["MARQUEE_SDK_RATE_LIMIT": "lots"])
        }
    }
}
