import Foundation
import MarqueeModel
import MarqueeWire
import Testing

@Suite("Admin API: campaigns")
struct CampaignsAPITests {
    @Test(arguments: TestDatabase.available)
    func campaignLifecycle(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let base = "/api/v1/apps/\(app.id)/campaigns"
            let id = try await server.createCampaign(Fixtures.modal("[home] Welcome", status: .draft), in: app)

            let read = try await server.send(.GET, "\(base)/\(id)")
            #expect(read.status == .ok)
            let campaign = try read.decode(Campaign.self)
            #expect(campaign.name == "[home] Welcome")
            #expect(campaign.status == .draft)
            #expect(campaign.message.buttons.first?.text == "OK")
            #expect(read.json["requiredCapabilities"] as? [String] == [])
            #expect(read.json["createdAt"] is String)

            var changed = campaign
            changed.message.title = "Welcome back"
            changed.delivery.maxImpressions = 4
            let updated = try await server.send(.PUT, "\(base)/\(id)", json: changed)
            #expect(updated.status == .ok)
            #expect(try updated.decode(Campaign.self).message.title == "Welcome back")

            let paused = try await server.send(.PUT, "\(base)/\(id)/status", json: ["status": "paused"])
            #expect(try paused.decode(Campaign.self).status == .paused)
            let badStatus = try await server.send(.PUT, "\(base)/\(id)/status", json: ["status": "running"])
            #expect(badStatus.status == .badRequest)

            let filtered = try await server.send(.GET, "\(base)?status=paused")
            #expect((filtered.json["items"] as? [Any])?.count == 1)
            let none = try await server.send(.GET, "\(base)?status=active")
            #expect((none.json["items"] as? [Any])?.isEmpty == true)
            #expect(try await server.send(.GET, "\(base)?status=bogus").status == .badRequest)

            #expect(try await server.send(.DELETE, "\(base)/\(id)").status == .noContent)
            #expect(try await server.send(.GET, "\(base)/\(id)").status == .notFound)
            #expect(try await server.send(.DELETE, "\(base)/\(id)").status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func validationReportsFieldPaths(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var campaign = Fixtures.modal(trigger: Trigger(.custom, name: "level_up", conditions: [
                AttributeCondition(name: "level", type: .boolean, operator: .greaterThan, value: "3"),
                AttributeCondition(name: "name", type: .string, operator: .matchesRegex, value: "(unclosed"),
                AttributeCondition(name: "score", type: .integer, operator: .equals, value: "3.5"),
            ]))
            campaign.name = ""
            campaign.message.buttons = [
                MessageButton(id: "a", text: "Go", action: MessageAction(.openURL, uri: "javascript:alert(1)")),
                MessageButton(id: "b", text: "Deep", action: MessageAction(.deepLink, uri: "no scheme")),
                MessageButton(id: "c", text: "Third"),
            ]
            campaign.delivery.startTime = Date(timeIntervalSince1970: 2_000_000_000)
            campaign.delivery.endTime = Date(timeIntervalSince1970: 1_900_000_000)
            campaign.delivery.maxImpressions = 0
            campaign.delivery.frequencyCapIDs = ["missing"]
            campaign.message.customJSON = .string("promo")
            campaign.targeting.minAppVersion = AppVersion("2.0")
            campaign.targeting.maxAppVersion = AppVersion("1.0")

            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: campaign)
            #expect(response.status == .unprocessableEntity)
            let fields = Set(response.errorFields)
            for expected in [
                "name", "message.buttons", "message.buttons[0].action.uri", "message.buttons[1].action.uri",
                "triggers.triggers[0].conditions[0].operator", "triggers.triggers[0].conditions[1].value",
                "triggers.triggers[0].conditions[2].value", "delivery.endTime", "delivery.maxImpressions",
                "delivery.frequencyCapIDs", "targeting.maxAppVersion", "message.customJSON",
            ] {
                #expect(fields.contains(expected), "missing \(expected) in \(fields.sorted())")
            }
            let list = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns")
            #expect((list.json["items"] as? [Any])?.isEmpty == true, "an invalid campaign is not stored")
        }
    }

    @Test(arguments: TestDatabase.available)
    func badColoursAndEnumsAreNamed(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let body = """
            {"name": "x", "message": {"kind": "modal", "title": "t", "colors": {"title": "red"}},
             "triggers": {"triggers": [{"event": "appStart"}]}}
            """
            let colour = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: body)
            #expect(colour.status == .badRequest)
            #expect(colour.text.contains("message.colors.title"))
            let kind = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                             raw: #"{"name": "x", "message": {"kind": "hologram", "title": "t"}}"#)
            #expect(kind.status == .badRequest)
            #expect(kind.text.contains("message.kind"))
            let noTriggers = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                                   raw: #"{"name": "x", "message": {"kind": "modal", "title": "t"}}"#)
            #expect(noTriggers.status == .unprocessableEntity)
            #expect(noTriggers.errorFields == ["triggers.triggers"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func statsCountImpressionsAndClicks(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            for (device, types) in [("d1", [1, 2]), ("d2", [1, 4]), ("d1", [1, 5])] {
                let body = ImpressionBody(campaignId: id, impressions: types.map { .init(type: $0, timestamp: 1) })
                let preview = ImpressionBody(campaignId: id, isTest: true, impressions: types.map { .init(type: $0, timestamp: 2) })
                _ = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                          deviceID: "tester", json: preview)
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: device, json: body)
                #expect(response.status == .ok)
            }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats")
            #expect(stats.status == .ok)
            #expect(stats.json["impressions"] as? Int == 3, "testers' impressions are not counted")
            #expect(stats.json["buttonOneClicks"] as? Int == 1)
            #expect(stats.json["contentClicks"] as? Int == 1)
            #expect(stats.json["exits"] as? Int == 1)
            #expect(stats.json["uniqueViewers"] as? Int == 2)
            let test = try #require(stats.json["testTraffic"] as? [String: Any])
            #expect(test["impressions"] as? Int == 3)
            #expect(test["buttonOneClicks"] as? Int == 1)
            let rate = try #require(stats.json["clickThroughRate"] as? Double)
            #expect(abs(rate - 2.0 / 3.0) < 0.0001)
        }
    }
}

/// An impression request written by hand, as an RInAppMessaging client would send it.
struct ImpressionBody: Encodable {
    struct Item: Encodable {
        var type: Int
        var timestamp: Int64
    }

    var campaignId: String
    var isTest = false
    var appVersion = "1.0"
    var sdkVersion = "9.0.0"
    var impressions: [Item]
    var userIdentifiers: [UserIdentifierDTO] = []
    var batchId: String?
}
