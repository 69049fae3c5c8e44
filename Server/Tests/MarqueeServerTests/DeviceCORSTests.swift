import Foundation
import MarqueeModel
import MarqueeWire
@testable import MarqueeServer
import Testing
import Vapor

/// Browsers call the device routes from the pages of an app's web origins (the web SDK): the
/// SDK group answers preflights by every app's origins, lets a request through when its own app
/// lists its origin, and refuses it readably otherwise. Native apps send no `Origin` and see none of it.
@Suite("SDK API: web origins (CORS)")
struct DeviceCORSTests {
    static let shop = "https://shop.example.com"
    static let elsewhere = "https://elsewhere.example"

    private func allow(_ origins: [String], for app: Fixtures.CreatedApp, on server: TestServer) async throws {
        let response = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", json: ["webOrigins": origins])
        #expect(response.status == .ok, "\(response.text)")
    }

    private func preflight(_ path: String, from origin: String, on server: TestServer) async throws -> TestResponse {
        try await server.send(.OPTIONS, path, token: nil, headers: [
            ("Origin", origin), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type, subscription-id, device_id"),
        ])
    }

    private func ping(_ app: Fixtures.CreatedApp, from origin: String?, on server: TestServer) async throws -> TestResponse {
        try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "browser-1",
                              headers: origin.map { [("Origin", $0)] } ?? [], json: Fixtures.pingBody())
    }

    @Test(arguments: TestDatabase.available)
    func aPreflightIsAllowedForAnOriginSomeAppListsAndRefusedOtherwise(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await allow([Self.shop], for: app, on: server)

            for path in ["/v1/ping", "/v1/config", "/v1/impression", "/v1/inbox/sync", "/v1/live", "/v1/pair/end"] {
                let allowed = try await preflight(path, from: Self.shop, on: server)
                #expect(allowed.status == .noContent, "\(path): \(allowed.status) \(allowed.text)")
                #expect(allowed.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
                #expect(allowed.headers.first(name: "Access-Control-Allow-Methods") == "GET, POST")
                #expect(allowed.headers.first(name: "Access-Control-Allow-Headers")
                        == "Content-Type, Subscription-Id, device_id, Authorization, Marquee-User-Signature, Last-Event-ID")
                #expect(allowed.headers.first(name: "Access-Control-Max-Age") == "600")
                #expect(allowed.headers[.vary].contains("Origin"))
            }

            let refused = try await preflight("/v1/ping", from: Self.elsewhere, on: server)
            #expect(refused.status == .forbidden)
            #expect(refused.headers.first(name: "Access-Control-Allow-Origin") == nil)
            #expect(refused.errorCode == "origin_not_allowed")

            let notAPreflight = try await server.send(.OPTIONS, "/v1/ping", token: nil, headers: [("Origin", Self.shop)])
            #expect(notAPreflight.status == .badRequest)
            #expect(notAPreflight.headers.first(name: "Access-Control-Allow-Origin") == nil)
            #expect(try await server.send(.OPTIONS, "/v1/config", token: nil).status == .badRequest, "no Origin: not a preflight")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRequestFromAnOriginItsAppListsCarriesTheCORSHeaders(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal(), in: app)
            try await allow([Self.shop], for: app, on: server)

            let native = try await ping(app, from: nil, on: server)
            let web = try await ping(app, from: Self.shop, on: server)
            #expect(web.status == .ok, "\(web.text)")
            #expect(web.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
            #expect(web.headers.first(name: "Access-Control-Expose-Headers") == "ETag, Retry-After")
            #expect(web.headers[.vary].contains("Origin"))
            let webAnswer = try web.decode(LenientPingResponse.self), nativeAnswer = try native.decode(LenientPingResponse.self)
            #expect(webAnswer.campaigns.map(\.name) == nativeAnswer.campaigns.map(\.name))
            #expect(webAnswer.marquee?.list?.url == nativeAnswer.marquee?.list?.url, "the same answer as a native app's")

            let config = try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID,
                                               headers: [("Origin", Self.shop)])
            #expect(config.status == .ok)
            #expect(config.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRequestFromAnotherOriginIsRefusedReadablyBeforeItRuns(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let other = try await server.createApp(.init(name: "Other", subscriptionID: "other-sub"))
            try await allow([Self.shop], for: app, on: server)
            try await allow([Self.elsewhere], for: other, on: server)

            // Another app's origin passes the preflight, but not this app's check.
            let refused = try await ping(app, from: Self.elsewhere, on: server)
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "origin_not_allowed")
            #expect(refused.text.contains(Self.elsewhere) && refused.text.contains("web origins") && refused.text.contains("settings"),
                    "\(refused.text)")
            #expect(refused.headers.first(name: "Access-Control-Allow-Origin") == Self.elsewhere, "the page's script can read why")
            #expect(refused.headers[.vary].contains("Origin"))

            let beforeAnything = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                       deviceID: "browser-1", headers: [("Origin", "null")], raw: "{}")
            #expect(beforeAnything.errorCode == "origin_not_allowed", "refused before the body is read")

            // Without an app there is nothing to refuse by: the SDK group's own answer, readable.
            let unknown = try await server.send(.POST, "/v1/ping", token: nil, subscription: "no-such-app",
                                                headers: [("Origin", Self.shop)], json: Fixtures.pingBody())
            #expect(unknown.errorCode == "unknown_subscription_id")
            #expect(unknown.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRequestWithoutOriginIsUnchanged(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let native = try await ping(app, from: nil, on: server)
            #expect(native.status == .ok, "an app with no web origins still serves its native apps")
            for name in ["Access-Control-Allow-Origin", "Access-Control-Expose-Headers"] {
                #expect(native.headers.first(name: name) == nil)
            }
            #expect(!native.headers[.vary].contains("Origin"))
            let missing = try await server.send(.POST, "/v1/ping", token: nil, json: Fixtures.pingBody())
            #expect(missing.errorCode == "missing_subscription_id")
            #expect(missing.headers.first(name: "Access-Control-Allow-Origin") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func changedOriginsTakeEffectAtOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            #expect(try await preflight("/v1/ping", from: Self.shop, on: server).status == .forbidden)
            #expect(try await ping(app, from: Self.shop, on: server).status == .forbidden)

            try await allow([Self.shop], for: app, on: server)
            #expect(try await preflight("/v1/ping", from: Self.shop, on: server).status == .noContent)
            #expect(try await ping(app, from: Self.shop, on: server).status == .ok)

            try await allow([], for: app, on: server)
            #expect(try await preflight("/v1/ping", from: Self.shop, on: server).status == .forbidden)
            #expect(try await ping(app, from: Self.shop, on: server).status == .forbidden)

            // A new app's origins count at once, and a deleted app's stop counting.
            let created = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "Web", "webOrigins": ["https://web.example"]}"#)
            #expect(try await preflight("/v1/ping", from: "https://web.example", on: server).status == .noContent)
            let createdID = try #require(created.json["id"] as? String)
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(createdID)").status == .noContent)
            #expect(try await preflight("/v1/ping", from: "https://web.example", on: server).status == .forbidden)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theLiveChannelIsTreatedAlike(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await allow([Self.shop], for: app, on: server)
            // HEAD says what a GET would answer without holding a channel open.
            let allowed = try await server.send(.HEAD, "/v1/live", token: nil, subscription: app.subscriptionID, deviceID: "browser-1",
                                                headers: [("Origin", Self.shop)])
            #expect(allowed.status == .ok)
            #expect(allowed.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
            #expect(allowed.headers.first(name: .contentType)?.hasPrefix("text/event-stream") == true)
            let refused = try await server.send(.GET, "/v1/live", token: nil, subscription: app.subscriptionID, deviceID: "browser-1",
                                                headers: [("Origin", Self.elsewhere)])
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "origin_not_allowed")
            #expect(refused.headers.first(name: "Access-Control-Allow-Origin") == Self.elsewhere)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCampaignListIsReadableFromAnyPage(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal(), in: app)
            let answer = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "browser-1",
                                               json: Fixtures.pingBody(capabilities: Capability.all)).decode(LenientPingResponse.self)
            let list = try #require(answer.marquee?.list.flatMap { URL(string: $0.url)?.path })
            let read = try await server.send(.GET, list, token: nil, subscription: app.subscriptionID, deviceID: "browser-1",
                                             headers: [("Origin", Self.elsewhere)])
            #expect(read.status == .ok)
            #expect(read.headers.first(name: "Access-Control-Allow-Origin") == "*")
            // The web SDK reads it with its usual headers, so the browser asks first.
            #expect(try await preflight(list, from: Self.elsewhere, on: server).status == .forbidden)
            try await allow([Self.shop], for: app, on: server)
            let allowed = try await preflight(list, from: Self.shop, on: server)
            #expect(allowed.status == .noContent)
            #expect(allowed.headers.first(name: "Access-Control-Allow-Origin") == Self.shop)
            #expect(try await server.send(.OPTIONS, list, token: nil).status == .badRequest)
        }
    }
}
