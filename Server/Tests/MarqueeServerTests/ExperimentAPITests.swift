import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import SQLKit
import Testing

/// Experiments through the server: validation, what each kind of client is sent, attribution of
/// impressions (with and without the SDK's arm), conversions counted once, and statistics per arm.
@Suite("Experiments and conversions")
struct ExperimentAPITests {
    static let control = 20.0

    /// Two variants of a modal (the second with its own title), a control group and a purchase goal.
    static func experiment(_ name: String = "Spring sale", windowHours: Double = 72) -> Campaign {
        var campaign = Fixtures.modal(name)
        campaign.experiment = Experiment(variants: [
            Variant(id: "a", name: "Original"),
            Variant(id: "b", name: "Free shipping", message: Message(kind: .modal, title: "Free shipping today",
                                                                     buttons: [MessageButton(id: "ok", text: "OK")])),
        ], controlPercent: control)
        campaign.goal = ConversionGoal(event: .purchase, windowHours: windowHours)
        return campaign
    }

    /// The arm `user` is in, as server and SDK compute it.
    static func arm(of user: String, in campaign: Campaign, id: String) -> ExperimentArm {
        var campaign = campaign
        campaign.id = id
        return campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: user), deviceID: nil))!
    }

    /// The first users (`user-0`, `user-1`, …) of each arm.
    static func users(byArm campaign: Campaign, id: String, count: Int = 300) -> [String: [String]] {
        var users: [String: [String]] = [:]
        for index in 0..<count {
            let user = "user-\(index)"
            users[arm(of: user, in: campaign, id: id).id, default: []].append(user)
        }
        return users
    }

    private func impression(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, user: String, at millis: Int64,
                            types: [ImpressionTypeCode] = [.impression], variant: String? = nil) async throws {
        let body = ImpressionRequest(campaignId: campaign, isTest: false, appVersion: "1.0", sdkVersion: "9.0.0",
                                     impressions: types.map { ImpressionDTO(type: $0, timestamp: millis) },
                                     userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)],
                                     batchId: "\(user)-\(millis)-\(types.map(\.rawValue))", marqueeVariant: variant)
        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        #expect(response.status == .ok, "\(response.text)")
    }

    private func conversion(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, user: String, exposedAt: Int64,
                            convertedAt: Int64, batch: String? = nil) async throws -> ConversionReceipt {
        let body = ConversionRequest(campaignId: campaign, isTest: false, userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)],
                                     marqueeVariant: nil, exposedAt: exposedAt, convertedAt: convertedAt, batchId: batch ?? UUID().uuidString)
        let response = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(ConversionReceipt.self)
    }

    @Test func invalidExperimentsAreRefusedNamingEachField() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            var campaign = Self.experiment()
            campaign.experiment?.variants[0].weight = 0
            campaign.experiment?.variants.append(Variant(id: "a"))
            campaign.experiment?.controlPercent = 91
            campaign.goal?.windowHours = -1
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: campaign)
            #expect(response.status == .unprocessableEntity, "\(response.text)")
            #expect(Set(response.errorFields).isSuperset(of: ["experiment.variants", "experiment.variants[0].weight",
                                                               "experiment.controlPercent", "goal.windowHours"]), "\(response.errorFields)")
            let unknown = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                                raw: #"{"name": "X", "message": {"kind": "modal", "title": "Hi"}, "experiment": {"control": 10}}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("experiment.control"), "\(unknown.text)")
        }
    }

    @Test func eachVariantHasItsPreview() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.experiment(), in: app)
            let path = "/api/v1/apps/\(app.id)/campaigns/\(id)/preview?format=text"
            #expect(try await server.send(.GET, path + "&variant=b").text.contains("Free shipping today"))
            #expect(try await server.send(.GET, path + "&variant=a").text.contains("Hello"))
            let control = try await server.send(.GET, path + "&variant=control")
            #expect(control.status == .badRequest)
            #expect(control.text.contains("variant must be one of a, b"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func baseClientsGetTheirVariantAloneAndTheControlGroupNothing(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = Self.experiment()
            let id = try await server.createCampaign(campaign, in: app)
            let users = Self.users(byArm: campaign, id: id, count: 60)
            for (arm, members) in users {
                for user in members.prefix(3) {
                    // An RInAppMessaging client: no capabilities.
                    let plain = try await server.ping(app, Fixtures.pingBody(userID: user))
                    switch ExperimentArm(id: arm) {
                    case .control:
                        #expect(plain.campaigns.isEmpty, "\(user) is in the control group")
                    case .variant(let variant):
                        let received = try #require(plain.campaigns.first)
                        #expect(received.id == id, "a variant travels under the campaign's id")
                        #expect(received.experiment == nil)
                        #expect(received.message.title == (variant == "b" ? "Free shipping today" : "Hello"))
                    }
                    // The Marquee SDK: the whole campaign, whatever its user's arm.
                    let full = try await server.ping(app, Fixtures.pingBody(userID: user, capabilities: Capability.all))
                    #expect(full.campaigns.first?.experiment?.variants.map(\.id) == ["a", "b"])
                    #expect(full.campaigns.first?.goal?.event == .purchase)
                }
            }
            #expect(Set(users.keys) == ["a", "b", "control"])
            // A Marquee client from before experiments: its user's arm, as a plain campaign in the extension.
            let older = Capability.all.filter { $0 != .experiments }
            let user = try #require(users["b"]?.first)
            let answer = try await server.ping(app, Fixtures.pingBody(userID: user, capabilities: older))
            #expect(answer.campaigns.first?.message.title == "Free shipping today")
            #expect(answer.campaigns.first?.experiment == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func impressionsCountInTheirArmAndLiftIsReported(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = Self.experiment()
            let id = try await server.createCampaign(campaign, in: app)
            let users = Self.users(byArm: campaign, id: id, count: 60)
            let start: Int64 = 1_800_000_000_000
            // Base clients: no arm in the request; the server computes it.
            for user in users["a"]! { try await impression(server, app, campaign: id, user: user, at: start, types: [.impression, .actionOne]) }
            for user in users["b"]! { try await impression(server, app, campaign: id, user: user, at: start, types: [.impression, .exit]) }
            // The SDK's control impressions say their arm.
            for user in users["control"]! { try await impression(server, app, campaign: id, user: user, at: start, variant: "control") }
            // A second display of one user adds an impression, not a user.
            try await impression(server, app, campaign: id, user: users["a"]![0], at: start + 60_000)
            for user in users["b"]!.prefix(4) + users["control"]!.prefix(1) {
                #expect(try await conversion(server, app, campaign: id, user: user, exposedAt: start, convertedAt: start + 3_600_000).counted)
            }

            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            let (a, b, control) = (users["a"]!.count, users["b"]!.count, users["control"]!.count)
            #expect(stats["impressions"] as? Int == a + 1 + b)
            #expect(stats["controlImpressions"] as? Int == control)
            #expect(stats["buttonOneClicks"] as? Int == a)
            #expect(stats["uniqueUsers"] as? Int == a + b + control)
            #expect(stats["uniqueViewers"] as? Int == a + b, "the control group saw nothing")
            #expect(stats["conversions"] as? Int == 5)
            let variants = try #require(stats["variants"] as? [[String: Any]])
            #expect(variants.map { $0["variant"] as? String } == ["a", "b", "control"])
            #expect(variants.map { $0["uniqueUsers"] as? Int } == [a, b, control])
            #expect(variants.map { $0["conversions"] as? Int } == [0, 4, 1])
            #expect(variants[1]["name"] as? String == "Free shipping")
            #expect(variants[2]["controlImpressions"] as? Int == control)
            #expect(variants[2]["impressions"] as? Int == 0)
            let experiment = try #require(stats["experiment"] as? [String: Any])
            let comparisons = try #require(experiment["comparisons"] as? [[String: Any]])
            #expect(comparisons.map { $0["variant"] as? String } == ["a", "b"])
            let versusB = comparisons[1]
            #expect(versusB["verdict"] as? String == "notEnoughData", "a few dozen users per arm decide nothing")
            #expect(versusB["significant"] as? Bool == false)
            let expected = 4.0 / Double(b) - 1.0 / Double(control)
            #expect(abs((versusB["difference"] as? Double ?? 0) - expected) < 1e-9)
            #expect((versusB["differenceLow"] as? Double ?? 1) < expected)
        }
    }

    @Test(arguments: TestDatabase.available)
    func conversionsCountOncePerUserAndOnlyInsideTheWindow(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.experiment(windowHours: 2), in: app)
            let seen: Int64 = 1_800_000_000_000
            #expect(try await conversion(server, app, campaign: id, user: "ada", exposedAt: seen, convertedAt: seen + 7_200_000).counted,
                    "the window's last millisecond counts")
            let again = try await conversion(server, app, campaign: id, user: "ada", exposedAt: seen, convertedAt: seen + 60_000)
            #expect(again == ConversionReceipt(counted: false, reason: .alreadyCounted))
            let late = try await conversion(server, app, campaign: id, user: "bob", exposedAt: seen, convertedAt: seen + 7_200_001)
            #expect(late == ConversionReceipt(counted: false, reason: .outsideWindow))
            let early = try await conversion(server, app, campaign: id, user: "bob", exposedAt: seen, convertedAt: seen - 1)
            #expect(early.reason == .outsideWindow)
            let plain = try await server.createCampaign(Fixtures.modal("No goal"), in: app)
            #expect(try await conversion(server, app, campaign: plain, user: "ada", exposedAt: seen, convertedAt: seen).reason == .noGoal)
            let missing = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID, json:
                ConversionRequest(campaignId: UUID().uuidString, isTest: false, userIdentifiers: [], marqueeVariant: nil,
                                  exposedAt: seen, convertedAt: seen, batchId: nil))
            #expect(missing.status == .notFound)
            for (exposedAt, convertedAt) in [(Int64.min, seen), (seen, 253_402_300_800_000)] {
                let outOfRange = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID, json:
                    ConversionRequest(campaignId: id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: "cy", type: .userID)],
                                      marqueeVariant: nil, exposedAt: exposedAt, convertedAt: convertedAt, batchId: nil))
                #expect(outOfRange.status == .badRequest, "device times outside 1970–9999 are refused: \(outOfRange.text)")
            }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["conversions"] as? Int == 1)
        }
    }

    @Test(arguments: TestDatabase.production)
    func concurrentRetriesOfOneConversionCountOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.experiment(), in: app)
            let seen: Int64 = 1_800_000_000_000
            let users = 10
            let copies = 8
            // Every user's conversion arrives eight times at once (an outbox retrying, two devices, two instances).
            let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for user in 0..<users {
                    for copy in 0..<copies {
                        group.addTask {
                            let body = ConversionRequest(
                                campaignId: id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: "u\(user)", type: .userID)],
                                marqueeVariant: nil, exposedAt: seen, convertedAt: seen + Int64(copy), batchId: "u\(user)-\(copy)")
                            // As the SDK's outbox does, a report answered 503 (the database busy, nothing written) is sent again.
                            let response = try await retryingWhileBusy {
                                try await server.send(.POST, "/v1/conversion", token: nil,
                                                      subscription: app.subscriptionID, deviceID: "d\(copy)", json: body)
                            }
                            try #require(response.status == .ok, "u\(user) copy \(copy): \(response.text)")
                            return try response.decode(ConversionReceipt.self).counted
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(counted == users, "one report per user was counted")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["conversions"] as? Int == users)
            let variants = try #require(stats["variants"] as? [[String: Any]])
            #expect(variants.compactMap { $0["conversions"] as? Int }.reduce(0, +) == users)
        }
    }

    @Test(arguments: TestDatabase.available)
    func variantSeriesCrossADayBoundaryInTheZone(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = Self.experiment()
            let id = try await server.createCampaign(campaign, in: app)
            let users = Self.users(byArm: campaign, id: id, count: 40)
            func millis(_ text: String) -> Int64 { Int64(MarqueeJSON.parseDate(text)!.timeIntervalSince1970 * 1000) }
            // New York is UTC−4 in June: 03:30 UTC on the 2nd is 23:30 on the 1st there; 04:30 UTC is 00:30 on the 2nd.
            let (a1, a2, b1) = (users["a"]![0], users["a"]![1], users["b"]![0])
            let c1 = users["control"]![0]
            try await impression(server, app, campaign: id, user: a1, at: millis("2026-06-02T03:30:00Z"), types: [.impression, .actionOne])
            try await impression(server, app, campaign: id, user: a2, at: millis("2026-06-02T04:30:00Z"))
            try await impression(server, app, campaign: id, user: b1, at: millis("2026-06-02T04:45:00Z"), types: [.impression, .clickContent])
            try await impression(server, app, campaign: id, user: c1, at: millis("2026-06-02T03:59:00Z"), variant: "control")
            _ = try await conversion(server, app, campaign: id, user: a1, exposedAt: millis("2026-06-02T03:30:00Z"),
                                     convertedAt: millis("2026-06-02T05:00:00Z"))
            let base = "/api/v1/apps/\(app.id)/campaigns/\(id)/analytics?from=2026-06-01T00:00:00-04:00&to=2026-06-03T00:00:00-04:00"
                + "&interval=day&timeZone=America/New_York"
            let all = try await server.send(.GET, base).json
            let buckets = try #require(all["buckets"] as? [[String: Any]])
            #expect(buckets.map { $0["start"] as? String } == ["2026-06-01T00:00:00-04:00", "2026-06-02T00:00:00-04:00"])
            #expect(buckets.map { $0["impressions"] as? Int } == [1, 2])
            #expect(buckets.map { $0["controlImpressions"] as? Int } == [1, 0])
            #expect(buckets.map { $0["newUsers"] as? Int } == [2, 2])
            #expect(buckets.map { $0["conversions"] as? Int } == [0, 1])
            let variants = try #require(all["variants"] as? [[String: Any]])
            #expect(variants.map { $0["variant"] as? String } == ["a", "b", "control"])
            #expect(variants.map { ($0["totals"] as? [String: Any])?["impressions"] as? Int } == [2, 1, 0])

            let onlyA = try await server.send(.GET, base + "&variant=a").json
            #expect((onlyA["buckets"] as? [[String: Any]])?.map { $0["impressions"] as? Int } == [1, 1])
            #expect((onlyA["buckets"] as? [[String: Any]])?.map { $0["buttonOneClicks"] as? Int } == [1, 0])
            #expect(onlyA["variant"] as? String == "a")
            let csv = try await server.send(.GET, base + "&variant=control&format=csv")
            #expect(csv.headers.first(name: .contentDisposition)?.contains("-control-days.csv") == true)
            let lines = csv.text.split(separator: "\r\n").map(String.init)
            #expect(lines[1] == "2026-06-01T00:00:00-04:00,0,0,0,0,0,0,1,1,0,0.0000")
            #expect(lines.last == "total,0,0,0,0,0,0,1,1,0,0.0000")

            let bad = try await server.send(.GET, base + "&variant=zzz")
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("variant must be one of a, b, control"), "\(bad.text)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func erasingAUserTakesThemOutOfUsersAndConversions(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.experiment(), in: app)
            let seen: Int64 = 1_800_000_000_000
            for user in ["ada", "bob"] {
                try await impression(server, app, campaign: id, user: user, at: seen)
                _ = try await conversion(server, app, campaign: id, user: user, exposedAt: seen, convertedAt: seen + 1_000)
            }
            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            #expect(erased.status == .ok)
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["uniqueUsers"] as? Int == 1)
            #expect(stats["conversions"] as? Int == 1)
            #expect((stats["impressions"] as? Int ?? 0) + (stats["controlImpressions"] as? Int ?? 0) == 2,
                    "impression counts stay, naming no one")
            // Ada's report arriving again counts again: nothing remembers her.
            #expect(try await conversion(server, app, campaign: id, user: "ada", exposedAt: seen, convertedAt: seen + 2_000).counted)
        }
    }
}

/// Retention forgets who saw and who converted once they have not been seen for the period.
@Suite("Experiment retention")
struct ExperimentRetentionTests {
    @Test(arguments: TestDatabase.available)
    func usersAndConversionsCoverTheRetentionPeriod(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(ExperimentAPITests.experiment(), in: app)
            func post(_ user: String) async throws {
                let seen: Int64 = 1_800_000_000_000
                let impression = ImpressionRequest(campaignId: id, isTest: false, appVersion: "1", sdkVersion: "1",
                                                   impressions: [ImpressionDTO(type: .impression, timestamp: seen)],
                                                   userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: user)
                #expect(try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, json: impression).status == .ok)
                let conversion = ConversionRequest(campaignId: id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)],
                                                   marqueeVariant: nil, exposedAt: seen, convertedAt: seen + 1, batchId: nil)
                #expect(try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID, json: conversion).status == .ok)
            }
            try await post("old")
            server.clock.advance(by: 20 * 86_400)
            try await post("recent")
            server.clock.advance(by: 15 * 86_400)
            #expect(try await ImpressionRetention(days: 30, database: server.app.db, clock: server.clock, batchesPerStep: 1).sweep() == 1)
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["uniqueUsers"] as? Int == 1)
            #expect(stats["conversions"] as? Int == 1)
            #expect((stats["impressions"] as? Int ?? 0) + (stats["controlImpressions"] as? Int ?? 0) == 2, "event counts stay")
        }
    }
}
