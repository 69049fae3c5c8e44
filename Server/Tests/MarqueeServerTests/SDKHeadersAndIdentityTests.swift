import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// What SDK answers tell caches and proxies, and how the server reads who a device is.
@Suite("SDK API: caching, forwarded headers, platforms and testers")
struct SDKHeadersAndIdentityTests {
    @Test func everyAPIResponseForbidsSharedCaches() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let responses = [
                try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID),
                try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, json: Fixtures.pingBody()),
                try await server.send(.GET, "/v1/config", token: nil, subscription: "nobody"),
                try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "With a secret"}"#),
                try await server.send(.GET, "/api/v1/apps", token: "wrong-token"),
                // Matched by no route: told by the path.
                try await server.send(.GET, "/v1/no-such-route", token: nil, subscription: app.subscriptionID),
                try await server.send(.GET, "/api/no-such-route"),
            ]
            for response in responses {
                #expect(response.headers.first(name: .cacheControl) == "private, no-store", "\(response.status)")
            }
            // Not the API: the document and the dashboard's files are the same for everyone.
            for path in ["/openapi.yaml", "/dashboard/dashboard.css", "/v1"] {
                let response = try await server.send(.GET, path, token: nil)
                #expect(response.headers.first(name: .cacheControl) != "private, no-store", "\(path): \(response.status)")
            }
        }
    }

    @Test func forwardedHeadersFromAnUntrustedPeerAreIgnored() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let response = try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID, headers: [
                ("Host", "marquee.local:8080"), ("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "https"),
            ])
            let config = try response.decode(ConfigResponse.self)
            #expect(config.data.endpoints?.ping == "http://marquee.local:8080/v1/ping")
        }
    }

    @Test func trustedProxiesMatchAddressesAndRanges() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8, fd00::/8")
        #expect(proxies.trusts("127.0.0.1"))
        #expect(proxies.trusts("10.20.30.40"))
        #expect(!proxies.trusts("11.0.0.1"))
        #expect(proxies.trusts("fd12::1"))
        #expect(!proxies.trusts("fe80::1"))
        #expect(!proxies.trusts(nil))
        #expect(!TrustedProxies.none.trusts("127.0.0.1"))
        #expect(throws: ConfigurationError.self) { try TrustedProxies(parsing: "10.0.0.0/33") }
        #expect(throws: ConfigurationError.self) { try TrustedProxies(parsing: "proxy.local") }
        let resolved = try ServerConfiguration.resolve(environment: ["MARQUEE_TRUSTED_PROXIES": "10.0.0.0/8"])
        #expect(resolved.trustedProxies.trusts("10.1.1.1"))
    }

    @Test(arguments: TestDatabase.available)
    func displayPermissionReadsTheNamedPlatform(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var linuxOnly = Fixtures.modal("Linux only")
            linuxOnly.targeting.platforms = [.linux]
            let id = try await server.createCampaign(linuxOnly, in: app)

            func permitted(code: Int?, named: Platform?) async throws -> Bool {
                let body = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: id, userIdentifiers: [],
                                                    platform: code, appVersion: "1.0", sdkVersion: "1", locale: "en",
                                                    lastPingInMillis: 0, marqueePlatform: named)
                let response = try await server.send(.POST, "/v1/display_permission", token: nil,
                                                     subscription: app.subscriptionID, json: body)
                return try response.decode(DisplayPermissionResponse.self).display
            }
            #expect(try await permitted(code: nil, named: .linux))
            #expect(try await permitted(code: 1, named: nil) == false, "code 1 is iOS")
            #expect(try await permitted(code: nil, named: .macos) == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func testersTrafficOnLiveCampaignsIsCountedApart(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(testUserIDs: ["qa-user"], testDeviceIDs: ["qa-device"]))
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            func post(user: String?, device: String, batch: String) async throws {
                var body = ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: 1_000)], batchId: batch)
                if let user { body.userIdentifiers = [UserIdentifierDTO(id: user, type: .userID)] }
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: device, json: body)
                #expect(response.status == .ok, "\(response.text)")
            }
            try await post(user: "qa-user", device: "phone-1", batch: "a")
            try await post(user: nil, device: "qa-device", batch: "b")
            try await post(user: "customer", device: "phone-2", batch: "c")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["impressions"] as? Int == 1, "only the customer's impression is live traffic")
            #expect((stats["testTraffic"] as? [String: Any])?["impressions"] as? Int == 2)
        }
    }
}
