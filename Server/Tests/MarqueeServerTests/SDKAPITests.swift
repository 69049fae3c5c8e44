import Foundation
import MarqueeModel
import MarqueeWire
import Testing

@Suite("SDK API: config, ping, display permission, impression")
struct SDKAPITests {
    @Test func configNamesTheEndpoints() async throws {
        try await TestServer.with(publicURL: URL(string: "https://iam.example.com/")) { server in
            let app = try await server.createApp()
            let response = try await server.send(.GET, "/v1/config?platform=1&appId=com.example&appVersion=1.0&sdkVersion=9.0&locale=en-us",
                                                 token: nil, subscription: app.subscriptionID)
            #expect(response.status == .ok)
            let config = try response.decode(ConfigResponse.self)
            #expect(config.data.rolloutPercentage == 100)
            #expect(config.data.endpoints?.ping == "https://iam.example.com/v1/ping")
            #expect(config.data.endpoints?.displayPermission == "https://iam.example.com/v1/display_permission")
            #expect(config.data.endpoints?.impression == "https://iam.example.com/v1/impression")
        }
    }

    @Test(arguments: TestDatabase.available)
    func rolloutIsStickyPerDevice(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(rolloutPercentage: 50))
            var enabled = 0
            for index in 0..<200 {
                let device = "device-\(index)"
                var answers: Set<Int> = []
                for _ in 0..<3 {
                    let response = try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID, deviceID: device)
                    answers.insert(try response.decode(ConfigResponse.self).data.rolloutPercentage)
                }
                #expect(answers.count == 1, "device \(device) got \(answers)")
                if answers == [100] { enabled += 1 }
            }
            #expect((60...140).contains(enabled), "about half the devices are in: \(enabled)")
            // Without a device id the client rolls for itself.
            let anonymous = try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID)
            #expect(try anonymous.decode(ConfigResponse.self).data.rolloutPercentage == 50)
        }
    }

    @Test(arguments: TestDatabase.available)
    func subscriptionIsRequiredAndMustExist(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let missing = try await server.send(.GET, "/v1/config", token: nil)
            #expect(missing.status == .badRequest)
            #expect(missing.errorCode == "missing_subscription_id")
            let unknown = try await server.send(.POST, "/v1/ping", token: nil, subscription: "nope", json: Fixtures.pingBody())
            #expect(unknown.status == .unauthorized)
            #expect(unknown.errorCode == "unknown_subscription_id")
        }
    }

    @Test(arguments: TestDatabase.available)
    func pingReturnsWhatTheUserMaySee(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(testUserIDs: ["tester"]))
            let everyone = try await server.createCampaign(Fixtures.modal("everyone"), in: app)
            var vip = Fixtures.modal("vip")
            vip.targeting = Targeting(userIDs: ["alice"])
            let vipID = try await server.createCampaign(vip, in: app)
            var newVersions = Fixtures.modal("new versions")
            newVersions.targeting = Targeting(minAppVersion: AppVersion("2.0"))
            let newVersionsID = try await server.createCampaign(newVersions, in: app)
            var test = Fixtures.modal("test")
            test.isTest = true
            let testID = try await server.createCampaign(test, in: app)
            _ = try await server.createCampaign(Fixtures.modal("draft", status: .draft), in: app)
            var later = Fixtures.modal("later")
            later.delivery.startTime = server.clock.now().addingTimeInterval(3600)
            let laterID = try await server.createCampaign(later, in: app)

            let anonymous = try await server.ping(app)
            #expect(Set(anonymous.campaigns.map(\.id)) == [everyone])
            #expect(anonymous.nextPingMillis == 3_600_000)
            #expect(anonymous.currentPingMillis == Int64(server.clock.now().timeIntervalSince1970 * 1000))

            let alice = try await server.ping(app, Fixtures.pingBody(userID: "alice", appVersion: "2.1"))
            #expect(Set(alice.campaigns.map(\.id)) == [everyone, vipID, newVersionsID])

            let tester = try await server.ping(app, Fixtures.pingBody(userID: "tester"))
            #expect(Set(tester.campaigns.map(\.id)) == [everyone, testID])

            server.clock.advance(by: 3601)
            let afterStart = try await server.ping(app)
            #expect(Set(afterStart.campaigns.map(\.id)) == [everyone, laterID])
        }
    }

    @Test(arguments: TestDatabase.available)
    func localeAndPlatformTargeting(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var japanese = Fixtures.modal("ja")
            japanese.targeting = Targeting(locales: ["ja"], platforms: [.ios])
            let id = try await server.createCampaign(japanese, in: app)
            // The Marquee SDK reports both in pings.
            #expect(try await server.ping(app, Fixtures.pingBody(locale: "ja_JP", platform: .ios)).campaigns.map(\.id) == [id])
            #expect(try await server.ping(app, Fixtures.pingBody(locale: "en-US", platform: .ios)).campaigns.isEmpty)
            #expect(try await server.ping(app, Fixtures.pingBody(locale: "ja-jp", platform: .android)).campaigns.isEmpty)

            // RInAppMessaging clients report neither in pings, so the rule waits for display permission.
            #expect(try await server.ping(app).campaigns.map(\.id) == [id])
            func permission(locale: String, platform: Int) async throws -> Bool {
                let body = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: id, userIdentifiers: [],
                                                    platform: platform, appVersion: "1.0", sdkVersion: "9.0", locale: locale,
                                                    lastPingInMillis: 0)
                let response = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID, json: body)
                return try response.decode(DisplayPermissionResponse.self).display
            }
            #expect(try await permission(locale: "ja-jp", platform: 1))
            #expect(try await permission(locale: "en-us", platform: 1) == false)
            #expect(try await permission(locale: "ja-jp", platform: 2) == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func androidStyleRequestsAreUnderstood(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var vip = Fixtures.modal("vip")
            vip.targeting = Targeting(userIDs: ["alice"])
            let id = try await server.createCampaign(vip, in: app)
            // Android: subscription only in the header, `userIdentifier`, null strings.
            let body = """
            {"campaignId": "\(id)", "userIdentifier": [{"id": "alice", "type": 3}], "platform": 2,
             "appVersion": null, "sdkVersion": "7.0", "locale": null, "lastPingInMillis": 0}
            """
            let response = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID, raw: body)
            #expect(response.status == .ok)
            #expect(try response.decode(DisplayPermissionResponse.self) == DisplayPermissionResponse(display: true, performPing: true))

            // An identifier type this server does not know is ignored, not rejected.
            let ping = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, raw: """
                {"userIdentifiers": [{"id": "r-1", "type": 1}, {"id": "alice", "type": 3}], "appVersion": "1.0",
                 "supportedCampaignTypes": [1, 2, 7]}
                """)
            #expect(ping.status == .ok)
            #expect(try ping.decode(LenientPingResponse.self).campaigns.map(\.id) == [id])
        }
    }

    @Test(arguments: TestDatabase.available)
    func pushPrimersGoOnlyToClientsThatSupportThem(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var primer = Fixtures.modal("primer")
            primer.message.buttons = [MessageButton(id: "allow", text: "Allow", action: MessageAction(.pushPrimer))]
            let primerID = try await server.createCampaign(primer, in: app)
            let plainID = try await server.createCampaign(Fixtures.modal("plain"), in: app)

            func campaigns(_ types: String) async throws -> [String] {
                let body = "{\"userIdentifiers\": [], \"appVersion\": \"1.0\"\(types)}"
                let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, raw: body)
                return try response.decode(LenientPingResponse.self).campaigns.map(\.id)
            }
            #expect(Set(try await campaigns(", \"supportedCampaignTypes\": [2, 1]")) == [primerID, plainID])
            #expect(try await campaigns(", \"supportedCampaignTypes\": [1]") == [plainID])
            #expect(try await campaigns("") == [plainID])
        }
    }

    @Test(arguments: TestDatabase.available)
    func capabilitiesDecideWhichCampaignsAClientGets(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let baseID = try await server.createCampaign(Fixtures.modal("base"), in: app)
            var banner = Fixtures.modal("banner")
            banner.message.kind = .banner
            banner.message.banner = BannerSettings(placement: .top)
            let bannerID = try await server.createCampaign(banner, in: app)
            var either = Fixtures.modal("either")
            either.triggers = TriggerSet(match: .any, triggers: [Trigger(.login), Trigger(.custom, name: "x", occurrences: 3)])
            let eitherID = try await server.createCampaign(either, in: app)

            let plain = try await server.ping(app)
            #expect(plain.campaigns.map(\.id) == [baseID])

            let partial = try await server.ping(app, Fixtures.pingBody(capabilities: [.campaignExtension, .bannerMessages]))
            #expect(Set(partial.campaigns.map(\.id)) == [baseID, bannerID])

            let full = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all))
            #expect(Set(full.campaigns.map(\.id)) == [baseID, bannerID, eitherID])
            let decoded = try #require(full.campaigns.first { $0.id == eitherID })
            #expect(decoded.triggers.match == .any, "the extension carries the full trigger set")
            #expect(decoded.triggers.triggers.last?.occurrences == 3)
        }
    }

    @Test(arguments: TestDatabase.available)
    func pingWithoutCapabilitiesIsStrictBaseProtocol(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var slide = Fixtures.modal("[ctx] slide")
            slide.message.kind = .slideUp
            slide.message.slideFrom = .right
            slide.message.image = MessageImage(url: "https://example.com/a.png", crop: .center)
            slide.message.contentAction = MessageAction(.deepLink, uri: "app://x", logsEvent: EmittedEvent(name: "clicked", attributes: ["n": .integer(2)]))
            slide.triggers = TriggerSet(triggers: [Trigger(.purchase, conditions: [
                AttributeCondition(name: "currencyCode", type: .string, operator: .equals, value: "EUR")])])
            _ = try await server.createCampaign(slide, in: app)
            // Base clients draw a tooltip from its image alone.
            let tooltip = Campaign(id: "", name: "tip", status: .active, message: Message(
                kind: .tooltip, title: "", image: MessageImage(url: "https://example.com/t.png"),
                tooltip: TooltipSettings(targetElementID: "cart", position: .topLeft, autoDisappearSeconds: 3)), triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            _ = try await server.createCampaign(tooltip, in: app)
            _ = try await server.createCampaign(Fixtures.modal("html-ish"), in: app)

            let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, json: Fixtures.pingBody())
            let data = try #require(response.json["data"] as? [[String: Any]])
            #expect(data.count == 3)
            for envelope in data {
                let campaign = try #require(envelope["campaignData"] as? [String: Any])
                BaseProtocolShape.check(campaign)
            }
            // The strict (iOS-style) decoder reads the whole response.
            let strict = try response.decode(PingResponse.self)
            #expect(strict.data.count == 3)
            #expect(strict.data.allSatisfy { $0.campaignData.marquee == nil })
            let tip = try #require(strict.data.first { $0.campaignData.messagePayload.title.hasPrefix("[Tooltip]") })
            #expect(tip.campaignData.messagePayload.messageBody?.contains("\"UIElement\":\"cart\"") == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func displayPermissionFollowsCampaignChanges(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            var ending = Fixtures.modal("ending")
            ending.delivery.endTime = server.clock.now().addingTimeInterval(60)
            let endingID = try await server.createCampaign(ending, in: app)
            let ping = try await server.ping(app)

            func permission(_ campaign: String, lastPing: Int64 = ping.currentPingMillis) async throws -> DisplayPermissionResponse {
                let body = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: campaign, userIdentifiers: [],
                                                    platform: 1, appVersion: "1.0", sdkVersion: "9.0", locale: "en-us",
                                                    lastPingInMillis: lastPing)
                let response = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID, json: body)
                guard response.status == .ok else { throw TestFailure("display permission: \(response.status) \(response.text)") }
                return try response.decode(DisplayPermissionResponse.self)
            }

            server.clock.advance(by: 1)
            #expect(try await permission(id) == DisplayPermissionResponse(display: true, performPing: false))
            #expect(try await permission(id, lastPing: 0).performPing, "a client that never pinged refreshes")

            server.clock.advance(by: 120)
            #expect(try await permission(endingID).display == false, "ended")

            _ = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(id)/status", json: ["status": "paused"])
            #expect(try await permission(id) == DisplayPermissionResponse(display: false, performPing: true))

            server.clock.advance(by: 1)
            _ = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(id)/status", json: ["status": "active"])
            let refreshed = try await server.ping(app)
            server.clock.advance(by: 1)
            #expect(try await permission(id, lastPing: refreshed.currentPingMillis) == DisplayPermissionResponse(display: true, performPing: false))

            server.clock.advance(by: 1)
            _ = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/campaigns/\(id)")
            #expect(try await permission(id, lastPing: refreshed.currentPingMillis) == DisplayPermissionResponse(display: false, performPing: true))

            let unknown = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: UUID().uuidString, userIdentifiers: [],
                                                   platform: 1, appVersion: "1", sdkVersion: "1", locale: "en", lastPingInMillis: 0)
            #expect(try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID, json: unknown).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func impressionsAreCountedOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let batch = ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: 1000), .init(type: 2, timestamp: 1500)],
                                       batchId: "batch-1")
            let first = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d", json: batch)
            #expect(first.status == .ok)
            #expect(first.json["stored"] as? Bool == true)
            let retry = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d", json: batch)
            #expect(retry.status == .ok)
            #expect(retry.json["stored"] as? Bool == false)

            // Without a batch id, an identical retry from the same device is recognised by its content.
            let plain = ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: 2000)])
            for _ in 0..<3 {
                _ = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d", json: plain)
            }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats")
            #expect(stats.json["impressions"] as? Int == 2)
            #expect(stats.json["buttonOneClicks"] as? Int == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badImpressionsAreRejectedAndNothingIsStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let other = try await server.createApp(.init(name: "Other"))
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let otherID = try await server.createCampaign(Fixtures.modal(), in: other)
            let send = { (body: ImpressionBody) in
                try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, json: body)
            }
            #expect(try await send(ImpressionBody(campaignId: UUID().uuidString, impressions: [.init(type: 1, timestamp: 1)])).status == .notFound)
            #expect(try await send(ImpressionBody(campaignId: otherID, impressions: [.init(type: 1, timestamp: 1)])).status == .notFound,
                    "one app cannot report impressions for another's campaign")
            #expect(try await send(ImpressionBody(campaignId: id, impressions: [])).status == .badRequest)
            #expect(try await send(ImpressionBody(campaignId: id, impressions: [.init(type: 0, timestamp: 1)])).status == .badRequest)
            let unknownType = try await send(ImpressionBody(campaignId: id, impressions: [.init(type: 9, timestamp: 1)]))
            #expect(unknownType.status == .badRequest)
            #expect(unknownType.errorCode == "invalid_body")
            let notJSON = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, raw: "impression!")
            #expect(notJSON.status == .badRequest)
            let huge = String(repeating: "x", count: 2_000_000)
            let oversized = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                  raw: "{\"campaignId\": \"\(huge)\"}")
            #expect(oversized.status == .payloadTooLarge)
            #expect(oversized.errorCode == "body_too_large")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats")
            #expect(stats.json["impressions"] as? Int == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func healthAndOpenAPIAreServed(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let health = try await server.send(.GET, "/healthz", token: nil)
            #expect(health.status == .ok)
            #expect(health.json["status"] as? String == "ok")
            let spec = try await server.send(.GET, "/openapi.yaml", token: nil)
            #expect(spec.status == .ok)
            #expect(spec.text.hasPrefix("openapi: 3.1"))
        }
    }
}

/// Checks one campaign of a base-protocol ping the way the strictest RInAppMessaging client reads it.
enum BaseProtocolShape {
    static func check(_ campaign: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        func require(_ object: [String: Any], _ keys: [String], _ at: String) {
            for key in keys { #expect(object[key] != nil && !(object[key] is NSNull), "\(at).\(key) is required", sourceLocation: sourceLocation) }
        }
        func code(_ value: Any?, _ range: ClosedRange<Int>, _ at: String) {
            let number = value as? Int
            #expect(number.map(range.contains) == true, "\(at) = \(String(describing: value)) is outside \(range)", sourceLocation: sourceLocation)
        }
        #expect(campaign["marquee"] == nil, sourceLocation: sourceLocation)
        require(campaign, ["campaignId", "maxImpressions", "type", "isTest", "messagePayload"], "campaignData")
        code(campaign["type"], 1...4, "type")
        for trigger in campaign["triggers"] as? [[String: Any]] ?? [] {
            require(trigger, ["type", "eventType", "eventName", "attributes"], "trigger")
            code(trigger["type"], 1...1, "trigger.type")
            code(trigger["eventType"], 1...4, "trigger.eventType")
            for attribute in trigger["attributes"] as? [[String: Any]] ?? [] {
                require(attribute, ["name", "value", "type", "operator"], "attribute")
                #expect(attribute["value"] is String, sourceLocation: sourceLocation)
                code(attribute["type"], 1...5, "attribute.type")
                code(attribute["operator"], 1...8, "attribute.operator")
            }
        }
        guard let payload = campaign["messagePayload"] as? [String: Any] else { return }
        require(payload, ["title", "titleColor", "headerColor", "messageBodyColor", "backgroundColor", "frameColor",
                          "resource", "messageSettings"], "messagePayload")
        let resource = payload["resource"] as? [String: Any] ?? [:]
        code(resource["cropType"], 1...2, "cropType")
        let settings = payload["messageSettings"] as? [String: Any] ?? [:]
        require(settings, ["displaySettings", "controlSettings"], "messageSettings")
        let display = settings["displaySettings"] as? [String: Any] ?? [:]
        require(display, ["orientation", "endTimeMillis", "textAlign", "optOut", "html", "delay"], "displaySettings")
        code(display["orientation"], 1...2, "orientation")
        code(display["textAlign"], 1...2, "textAlign")
        if let slide = display["slideFrom"] { code(slide, 1...4, "slideFrom") }
        let control = settings["controlSettings"] as? [String: Any] ?? [:]
        require(control, ["buttons"], "controlSettings")
        for button in control["buttons"] as? [[String: Any]] ?? [] {
            require(button, ["buttonText", "buttonTextColor", "buttonBackgroundColor", "buttonBehavior"], "button")
            code((button["buttonBehavior"] as? [String: Any])?["action"], 1...4, "buttonBehavior.action")
        }
        if let content = control["content"] as? [String: Any] {
            code((content["onClickBehavior"] as? [String: Any])?["action"], 1...4, "onClickBehavior.action")
        }
    }
}
