import Foundation
import MarqueeModel
import Testing

/// Admin requests reject keys the API does not know; SDK requests ignore them.
@Suite("Strict admin input")
struct StrictInputTests {
    private let campaignWithMisnamedEvent = """
        {"name": "Sale", "message": {"kind": "modal", "title": "Hi", "buttons": [
          {"id": "go", "text": "Go", "action": {"type": "deepLink", "uri": "app://x", "event": {"name": "tapped"}}}]},
         "triggers": {"triggers": [{"event": "appStart"}]}}
        """

    @Test(arguments: TestDatabase.available)
    func anUnknownKeyIsNamedWithTheClosestKnownOne(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaignWithMisnamedEvent)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "unknown_field")
            #expect(response.errorFields == ["message.buttons[0].action.event"])
            #expect(response.text.contains("did you mean 'logsEvent'?"))
            let list = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns")
            #expect((list.json["items"] as? [Any])?.isEmpty == true, "nothing was stored")
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyUnknownKeyIsReportedAtOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: """
                {"name": "Sale", "stauts": "active", "message": {"kind": "modal", "title": "Hi", "titel": "x"},
                 "delivery": {"maxImpresions": 3}}
                """)
            #expect(response.status == .badRequest)
            #expect(Set(response.errorFields) == ["stauts", "message.titel", "delivery.maxImpresions"])
            #expect(response.text.contains("did you mean 'maxImpressions'?"))
            let apps = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "A", "rollout": 5}"#)
            #expect(apps.status == .badRequest)
            #expect(apps.errorFields == ["rollout"])
            #expect(apps.text.contains("rolloutPercentage"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func freeFormJSONAndEveryDocumentedFieldAreAccepted(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: """
                {"id": "", "name": "[home] Sale", "status": "active", "isTest": false,
                 "message": {"kind": "modal", "title": "Hi", "body": "B", "colors": {"title": "#112233"},
                   "image": {"url": "https://example.com/a.png", "crop": "center", "altText": "A"},
                   "buttons": [{"id": "go", "text": "Go", "action": {"type": "deepLink", "uri": "app://x",
                     "logsEvent": {"name": "tapped", "attributes": {"level": {"type": "integer", "value": 3}}}}}],
                   "customJSON": {"anything": {"nested": [1, {"free": true}]}}, "extras": {"k": "v"}},
                 "triggers": {"match": "all", "triggers": [{"event": "custom", "name": "open",
                   "conditions": [{"name": "n", "type": "integer", "operator": "greaterThan", "value": "2"}]}]},
                 "delivery": {"maxImpressions": 2, "startTime": "2026-01-01T00:00:00Z"},
                 "targeting": {"audience": "everyone", "locales": ["en"]}}
                """)
            #expect(response.status == .created, "\(response.text)")
            // A campaign read back can be sent back as it is (read-only keys included).
            let id = try #require(response.json["id"] as? String)
            let echoed = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(id)", raw: response.text)
            #expect(echoed.status == .ok, "\(echoed.text)")
        }
    }

    @Test func sdkRequestsStayLenient() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                                 raw: #"{"userIdentifiers": [], "appVersion": "1.0", "someFutureKey": {"a": 1}}"#)
            #expect(response.status == .ok)
        }
    }
}
