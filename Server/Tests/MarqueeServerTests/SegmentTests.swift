import CompressNIO
import Foundation
import MarqueeModel
import MarqueeWire
import NIOCore
import Testing

/// Segments: named rules over what the server knows of a user, targeted by campaigns and
/// evaluated at ping time for the identified (and, where required, verified) user.
// Serialized: each test runs a server with its own PostgreSQL pool.
@Suite("Segments", .serialized)
struct SegmentTests {
    static let day: TimeInterval = 86_400

    private func createSegment(_ server: TestServer, _ app: Fixtures.CreatedApp, name: String, rule: SegmentRule) async throws -> String {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/segments", json: SegmentBody(name: name, rule: rule))
        guard response.status == .created else { throw TestFailure("create segment: \(response.status) \(response.text)") }
        return try #require(response.json["id"] as? String)
    }

    private struct SegmentBody: Encodable {
        var name: String
        var rule: SegmentRule
    }

    private func setProfile(_ server: TestServer, _ app: Fixtures.CreatedApp, _ user: String, _ json: String) async throws {
        let response = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/\(user)/profile", raw: json)
        #expect(response.status == .ok, "\(response.text)")
    }

    /// `user` saw `campaign` `daysAgo` days before the server's now.
    private func saw(_ server: TestServer, _ app: Fixtures.CreatedApp, _ campaign: String, user: String, daysAgo: Double) async throws {
        let at = Int64((server.clock.now().timeIntervalSince1970 - daysAgo * Self.day) * 1000)
        let body = ImpressionBody(campaignId: campaign, isTest: false, impressions: [.init(type: 1, timestamp: at)],
                                  userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: "\(user)-\(at)")
        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        #expect(response.status == .ok, "\(response.text)")
    }

    private func campaignNames(_ server: TestServer, _ app: Fixtures.CreatedApp, user: String?,
                               headers: [(String, String)] = []) async throws -> [String] {
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "device-\(user ?? "none")",
                                             headers: headers, json: Fixtures.pingBody(userID: user, capabilities: Capability.allInline))
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(LenientPingResponse.self).campaigns.map(\.name).sorted()
    }

    @Test(arguments: TestDatabase.available)
    func aSegmentCampaignReachesExactlyTheUsersWhoMatch(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let launch = try await server.createCampaign(Fixtures.modal("Launch"), in: app)
            let gold = try await createSegment(server, app, name: "Gold, saw launch this week", rule: .all([
                .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))),
                .history(HistoryCondition(campaign: launch, action: .saw, withinDays: 7)),
            ]))
            var offer = Fixtures.modal("Gold offer")
            offer.targeting.segments = SegmentTargeting(include: [gold])
            _ = try await server.createCampaign(offer, in: app)
            var others = Fixtures.modal("Everyone but gold")
            others.targeting.segments = SegmentTargeting(exclude: [gold])
            _ = try await server.createCampaign(others, in: app)

            for (user, tier, daysAgo) in [("ada", "gold", 2.0), ("bob", "gold", nil), ("cy", "silver", 1.0), ("dee", "gold", 9.0)] {
                try await setProfile(server, app, user, #"{"attributes": {"tier": "\#(tier)"}}"#)
                if let daysAgo { try await saw(server, app, launch, user: user, daysAgo: daysAgo) }
            }
            #expect(try await campaignNames(server, app, user: "ada") == ["Gold offer", "Launch"])
            for user in ["bob", "cy", "dee", "eve"] {
                #expect(try await campaignNames(server, app, user: user) == ["Everyone but gold", "Launch"], "\(user)")
            }
            #expect(try await campaignNames(server, app, user: nil) == ["Launch"], "an anonymous user is in no segment and out of none")

            // Membership follows the data: bob sees the launch, ada's sighting ages past a week.
            try await saw(server, app, launch, user: "bob", daysAgo: 0)
            #expect(try await campaignNames(server, app, user: "bob") == ["Gold offer", "Launch"])
            server.clock.advance(by: 6 * Self.day)
            #expect(try await campaignNames(server, app, user: "ada") == ["Everyone but gold", "Launch"])
            #expect(try await campaignNames(server, app, user: "bob") == ["Gold offer", "Launch"])
            try await setProfile(server, app, "bob", #"{"attributes": {"tier": "silver"}}"#)
            #expect(try await campaignNames(server, app, user: "bob") == ["Everyone but gold", "Launch"])

            // Display permission asks the same question.
            let offerID = try #require(try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns").json["items"]
                .flatMap { $0 as? [[String: Any]] }?.first { $0["name"] as? String == "Gold offer" }?["id"] as? String)
            try await setProfile(server, app, "cy", #"{"attributes": {"tier": "gold"}}"#)
            try await saw(server, app, launch, user: "cy", daysAgo: 0)
            for (user, allowed) in [("cy", true), ("ada", false)] {
                let permission = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID,
                                                       deviceID: "device-\(user)", raw: """
                    {"campaignId": "\(offerID)", "appVersion": "1.0.0", "sdkVersion": "7.0.0", "locale": "en-US", "lastPingInMillis": 0,
                     "userIdentifiers": [{"id": "\(user)", "type": 3}]}
                    """)
                #expect(permission.json["display"] as? Bool == allowed, "\(user): \(permission.text)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func membershipChangesTheFingerprintAndEachCompressedAnswerIsItsOwn(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let vip = try await createSegment(server, app, name: "VIP", rule: .tag(TagCondition(tag: "vip", operator: .has)))
            for index in 0..<8 {
                var campaign = Fixtures.modal("Offer \(index)")
                campaign.message.body = String(repeating: "A long body so that the list is compressed. ", count: 10)
                if index % 2 == 0 { campaign.targeting.segments = SegmentTargeting(include: [vip]) }
                _ = try await server.createCampaign(campaign, in: app)
            }
            try await setProfile(server, app, "ada", #"{"addTags": ["vip"]}"#)
            func ping(_ user: String, gzip: Bool, fingerprint: String? = nil) async throws -> TestResponse {
                var body = Fixtures.pingBody(userID: user, capabilities: Capability.allInline)
                body.marqueeFingerprint = fingerprint
                return try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "device-\(user)",
                                             headers: gzip ? [("Accept-Encoding", "gzip")] : [], json: body)
            }
            func fingerprint(_ response: TestResponse) throws -> String {
                try #require(try response.decode(LenientPingResponse.self).marquee?.fingerprint)
            }
            var plain: [String: TestResponse] = [:]
            for user in ["ada", "bob"] {
                plain[user] = try await ping(user, gzip: false)
                let zipped = try await ping(user, gzip: true)
                #expect(zipped.headers.first(name: "Content-Encoding") == "gzip")
                var buffer = ByteBuffer(data: zipped.body)
                #expect(Data(buffer: try buffer.decompress(with: .gzip())) == plain[user]!.body, "\(user)'s compressed answer is their own list")
            }
            let adaPrint = try fingerprint(plain["ada"]!), bobPrint = try fingerprint(plain["bob"]!)
            #expect(adaPrint != bobPrint)
            #expect(try await ping("ada", gzip: false, fingerprint: adaPrint).decode(LenientPingResponse.self).marquee?.unchanged == true)
            // Ada leaves the segment: the list she holds is no longer hers.
            try await setProfile(server, app, "ada", #"{"removeTags": ["vip"]}"#)
            let after = try await ping("ada", gzip: false, fingerprint: adaPrint)
            #expect(try after.decode(LenientPingResponse.self).marquee?.unchanged != true)
            #expect(try fingerprint(after) == bobPrint, "the same campaigns as anyone outside the segment")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aForgedUserIDUnderRequiredVerificationGetsNoSegmentCampaign(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let secret = try #require(try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret").json["identitySecret"] as? String)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)
            let vip = try await createSegment(server, app, name: "VIP", rule: .tag(TagCondition(tag: "vip", operator: .has)))
            var offer = Fixtures.modal("VIP offer")
            offer.targeting.segments = SegmentTargeting(include: [vip])
            _ = try await server.createCampaign(offer, in: app)
            try await setProfile(server, app, "ada", #"{"addTags": ["vip"]}"#)

            let signed = [("Marquee-User-Signature", IdentityVerificationTests.sign("ada", with: secret))]
            #expect(try await campaignNames(server, app, user: "ada", headers: signed) == ["VIP offer"])
            #expect(try await campaignNames(server, app, user: "ada").isEmpty, "no signature")
            let forged = [("Marquee-User-Signature", IdentityVerificationTests.sign("mallory", with: secret))]
            #expect(try await campaignNames(server, app, user: "ada", headers: forged).isEmpty, "another user's signature")
        }
    }

    @Test(arguments: TestDatabase.available)
    func pingsKeepEachUsersAppFacts(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let loyal = try await createSegment(server, app, name: "Loyal Android", rule: .all([
                .fact(FactCondition(fact: .sessions, operator: .atLeast, value: .number(3))),
                .fact(FactCondition(fact: .platform, operator: .equals, value: .string("android"))),
                .fact(FactCondition(fact: .appVersion, operator: .atLeast, value: .string("2.10"))),
                .fact(FactCondition(fact: .firstSeen, operator: .moreThanDaysAgo, value: .number(1))),
            ]))
            var offer = Fixtures.modal("Loyalty")
            offer.targeting.segments = SegmentTargeting(include: [loyal])
            _ = try await server.createCampaign(offer, in: app)
            func ping(version: String = "2.10.1") async throws -> [String] {
                let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d1", json:
                    Fixtures.pingBody(userID: "ada", appVersion: version, capabilities: Capability.allInline, platform: .android))
                return try response.decode(LenientPingResponse.self).campaigns.map(\.name)
            }
            #expect(try await ping().isEmpty, "session 1")
            server.clock.advance(by: 10 * 60)
            #expect(try await ping().isEmpty, "still session 1")
            server.clock.advance(by: 2 * 3_600)
            #expect(try await ping().isEmpty, "session 2")
            server.clock.advance(by: Self.day)
            #expect(try await ping() == ["Loyalty"], "session 3, first seen a day ago")
            #expect(try await ping(version: "2.9").isEmpty, "the version last reported counts")
        }
    }

    @Test func segmentsAreValidatedNamedOnceAndKeptWhileCampaignsTargetThem() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let path = "/api/v1/apps/\(app.id)/segments"
            let bad = try await server.send(.POST, path, raw: #"{"name": "", "rule": {"attribute": "a b", "operator": "greaterThan", "value": "x"}}"#)
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorFields == ["name", "rule.attribute", "rule.value"])
            let unknownCampaign = try await server.send(.POST, path, raw: #"{"name": "Saw", "rule": {"campaign": "\#(UUID())", "action": "saw", "operator": "did"}}"#)
            #expect(unknownCampaign.errorFields == ["rule"])
            let twoKinds = try await server.send(.POST, path, raw: #"{"name": "X", "rule": {"tag": "a", "operator": "has", "fact": "sessions"}}"#)
            #expect(twoKinds.status == .badRequest)

            let vip = try await createSegment(server, app, name: "VIP", rule: .tag(TagCondition(tag: "vip", operator: .has)))
            let again = try await server.send(.POST, path, json: SegmentBody(name: "VIP", rule: .all([])))
            #expect(again.status == .conflict)
            var offer = Fixtures.modal("Offer")
            offer.targeting.segments = SegmentTargeting(include: [UUID().uuidString])
            let unknown = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: offer)
            #expect(unknown.errorFields == ["targeting.segments.include"])
            offer.targeting.segments = SegmentTargeting(include: [vip])
            let campaign = try await server.createCampaign(offer, in: app)

            let inUse = try await server.send(.DELETE, "\(path)/\(vip)")
            #expect(inUse.status == .conflict)
            #expect(inUse.text.contains("Offer"))
            let renamed = try await server.send(.PUT, "\(path)/\(vip)", json: SegmentBody(name: "Very important", rule: .tag(TagCondition(tag: "vip", operator: .has))))
            #expect(renamed.json["name"] as? String == "Very important")
            #expect((try await server.send(.GET, path).json["items"] as? [[String: Any]])?.count == 1)
            try await server.send(.DELETE, "/api/v1/apps/\(app.id)/campaigns/\(campaign)")
            #expect(try await server.send(.DELETE, "\(path)/\(vip)").status == .noContent)
            #expect(try await server.send(.GET, "\(path)/\(vip)").status == .notFound)
            let audit = try await server.send(.GET, "/api/v1/audit?limit=50").json["items"] as? [[String: Any]] ?? []
            let kinds = audit.compactMap { ($0["subject"] as? [String: Any])?["kind"] as? String }
            #expect(kinds.filter { $0 == "segment" }.count == 3, "created, renamed, deleted")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theTriggerTesterExplainsMembershipRuleByRule(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let gold = try await createSegment(server, app, name: "Gold", rule: .all([
                .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))),
                .attribute(ProfileCondition(attribute: "points", operator: .atLeast, value: .number(1000))),
            ]))
            var offer = Fixtures.modal("Gold offer")
            offer.targeting.segments = SegmentTargeting(include: [gold])
            _ = try await server.createCampaign(offer, in: app)
            try await setProfile(server, app, "ada", #"{"attributes": {"tier": "gold", "points": 400}}"#)
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test",
                                                 raw: #"{"event": {"kind": "appStart"}, "user": {"userID": "ada"}}"#)
            struct Results: Decodable { var results: [TriggerTestResult] }
            let result = try #require(try response.decode(Results.self).results.first)
            #expect(!result.wouldFire)
            #expect(result.segments == [SegmentExplanation(segmentID: gold, name: "Gold", included: true, member: false, checks: [
                SegmentCheck(depth: 0, passed: false, reason: "all of 2"),
                SegmentCheck(depth: 1, passed: true, reason: "tier equals gold"),
                SegmentCheck(depth: 1, passed: false, reason: "points is at least 1000"),
            ])])
            let anonymous = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test", raw: #"{"event": {"kind": "appStart"}}"#)
            #expect(try anonymous.decode(Results.self).results.first?.segments.first?.member == nil)
        }
    }
}
