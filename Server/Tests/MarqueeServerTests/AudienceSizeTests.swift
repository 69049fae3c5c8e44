@testable import MarqueeServer
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit
import Testing

/// Audience sizes counted from what the database holds agree with the rules as pings evaluate
/// them, user by user, for every kind of condition and for generated rules, and so does the
/// trigger tester's explanation of a segment, on SQLite and PostgreSQL.
@Suite("Audience sizes", .serialized)
struct AudienceSizeTests {
    /// A small seeded generator, so a failure names the same users every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the test knows of each user, built as the server is told it.
    struct Known {
        var attributes: [String: ProfileValue] = [:]
        var tags: Set<String> = []
        var facts = UserFacts()
        var history: [SegmentSubject.HistoryEntry: Date] = [:]
    }

    static let userIDs = 240
    /// Of them, those with neither a profile nor a ping (every 35th) are unknown.
    static let users = 233

    private func size(_ response: TestResponse, _ comment: Comment? = nil) throws -> AudienceSize {
        #expect(response.status == .ok, "\(comment ?? ""): \(response.text)")
        return try response.decode(AudienceSize.self)
    }

    /// A campaign targeting a segment of `rule`: for a sample of users, the trigger tester's
    /// membership and its explanation's first line (the whole rule) say what the rule says.
    private func explanationsAgree(_ server: TestServer, _ app: Fixtures.CreatedApp, rule: SegmentRule, known: [String: Known],
                                   decides: (SegmentRule, String) -> Bool) async throws {
        struct SegmentBody: Encodable { var name: String; var rule: SegmentRule }
        let segment = try #require(try await server.send(.POST, "/api/v1/apps/\(app.id)/segments",
                                                         json: SegmentBody(name: "Generated", rule: rule)).json["id"] as? String)
        var targeted = Fixtures.modal("Targeted")
        targeted.targeting = Targeting(segments: SegmentTargeting(include: [segment]))
        let campaign = try await server.createCampaign(targeted, in: app)
        struct Sample: Encodable { var userID: String }
        struct Event: Encodable { var kind = "appStart" }
        struct Body: Encodable { var event = Event(); var user: Sample; var campaignIDs: [String] }
        struct Answer: Decodable { var results: [TriggerTestResult] }
        for user in known.keys.sorted().prefix(40) {
            let answer = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test",
                                               json: Body(user: Sample(userID: user), campaignIDs: [campaign])).decode(Answer.self)
            let explained = try #require(answer.results.first?.segments.first, "\(user)")
            let member = decides(rule, user)
            #expect(explained.member == member && explained.checks.first?.passed == member, "\(user): \(rule)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func countsMatchTheRulesUserByUser(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let launch = try await server.createCampaign(Fixtures.modal("Launch"), in: app)
            var random = SplitMix(state: 27)
            var known: [String: Known] = [:]
            let start = server.clock.now()
            let encoder = MarqueeJSON.encoder()

            for index in 0..<Self.userIDs {
                let user = String(format: "u%03d", index)
                var entry = Known()
                // A profile for most users.
                if index % 7 != 0 {
                    var attributes: [String: ProfileValue] = [:]
                    attributes["tier"] = [.string("gold"), .string("silver"), .string("Gold"), nil].randomElement(using: &random)!
                    attributes["points"] = Bool.random(using: &random) ? .number(Double(Int.random(in: 0...2_000, using: &random))) : nil
                    attributes["vip"] = [.boolean(true), .boolean(false), .string("true"), nil].randomElement(using: &random)!
                    attributes["interests"] = [.list(["shoes", "bags"]), .list([]), .list(["bags"]), .string("shoes and bags"), nil]
                        .randomElement(using: &random)!
                    attributes["renewal"] = Bool.random(using: &random)
                        ? .date(start.addingTimeInterval(Double(Int.random(in: -60...60, using: &random)) * 86_400)) : nil
                    entry.attributes = attributes.compactMapValues { $0 }
                    entry.tags = Set(["beta", "newsletter", "churned"].filter { _ in Bool.random(using: &random) })
                    struct Change: Encodable { var attributes: [String: ProfileValue]; var addTags: [String] }
                    let body = String(decoding: try encoder.encode(Change(attributes: entry.attributes, addTags: entry.tags.sorted())), as: UTF8.self)
                    let response = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/\(user)/profile", raw: body)
                    #expect(response.status == .ok, "\(response.text)")
                }
                // Pings from most users.
                if index % 5 != 0 {
                    let platform = [Platform.ios, .android, nil].randomElement(using: &random)!
                    let version = ["1.9", "1.10", "2.0.1"].randomElement(using: &random)!
                    let locale = ["en-US", "fr-FR", "pt-BR", nil].randomElement(using: &random)!
                    _ = try await server.ping(app, Fixtures.pingBody(userID: user, appVersion: version, capabilities: Capability.all,
                                                                     locale: locale, platform: platform), deviceID: "d-\(user)")
                    entry.facts = UserFacts(firstSeen: start, lastSeen: start, sessions: 1, appVersion: AppVersion(version),
                                            platform: platform, locale: locale)
                }
                // A user the server never heard of is no known user.
                if index % 7 != 0 || index % 5 != 0 { known[user] = entry }
            }
            // Some come back the next day, and some saw or clicked the launch campaign.
            server.clock.advance(by: 86_400)
            let later = server.clock.now()
            for user in known.keys.sorted() where known[user]!.facts.sessions > 0 && Int.random(in: 0..<3, using: &random) == 0 {
                _ = try await server.ping(app, Fixtures.pingBody(userID: user, appVersion: "2.0.1", capabilities: Capability.all), deviceID: "d-\(user)")
                known[user]!.facts.sessions += 1
                known[user]!.facts.lastSeen = later
                known[user]!.facts.appVersion = AppVersion("2.0.1")
            }
            for user in known.keys.sorted() where Int.random(in: 0..<3, using: &random) == 0 {
                let daysAgo = Int.random(in: 0...20, using: &random)
                let at = Int64(later.timeIntervalSince1970 * 1000) - Int64(daysAgo) * 86_400_000
                let type = Bool.random(using: &random) ? 1 : 2
                let body = ImpressionBody(campaignId: launch, impressions: [.init(type: type, timestamp: at)],
                                          userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: "b-\(user)")
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: "d-\(user)", json: body)
                #expect(response.status == .ok, "\(response.text)")
                known[user]!.history[SegmentSubject.HistoryEntry(campaign: launch, action: type == 1 ? .saw : .clicked)] =
                    Date(timeIntervalSince1970: Double(at) / 1000)
            }

            let now = server.clock.now()
            func subject(_ entry: Known) -> SegmentSubject {
                SegmentSubject(attributes: entry.attributes, tags: entry.tags, facts: entry.facts, history: entry.history, now: now)
            }
            // What the rules documentation says of each user (``ReferenceSegments``), which the
            // model's evaluator, used by pings and counts alike, must say too.
            func decides(_ rule: SegmentRule, _ user: String) -> Bool {
                let entry = known[user]!
                let expected = ReferenceSegments.decides(rule, attributes: entry.attributes, tags: entry.tags, facts: entry.facts,
                                                         history: entry.history, now: now)
                #expect(rule.matches(subject(entry)) == expected, "the model's evaluator on \(user): \(rule)")
                return expected
            }
            func attribute(_ name: String, _ op: SegmentOperator, _ value: ProfileValue? = nil) -> SegmentRule {
                .attribute(ProfileCondition(attribute: name, operator: op, value: value))
            }
            func fact(_ fact: FactCondition.Fact, _ op: SegmentOperator, _ value: ProfileValue? = nil) -> SegmentRule {
                .fact(FactCondition(fact: fact, operator: op, value: value))
            }
            let rules: [SegmentRule] = [
                attribute("tier", .equals, .string("gold")),
                attribute("tier", .notEquals, .string("gold")),
                attribute("tier", .exists), attribute("tier", .notExists),
                attribute("points", .greaterThan, .number(1_000)), attribute("points", .atMost, .number(500)),
                attribute("points", .notEquals, .number(0)),
                attribute("vip", .equals, .boolean(true)),
                attribute("interests", .contains, .string("shoes")), attribute("interests", .notContains, .string("bags")),
                attribute("interests", .exists),
                attribute("renewal", .withinLastDays, .number(30)), attribute("renewal", .moreThanDaysAgo, .number(10)),
                attribute("renewal", .lessThan, .date(start)),
                .tag(TagCondition(tag: "beta", operator: .has)), .tag(TagCondition(tag: "churned", operator: .hasNot)),
                fact(.sessions, .atLeast, .number(2)), fact(.sessions, .equals, .number(0)),
                fact(.platform, .equals, .string("ios")), fact(.platform, .notEquals, .string("ios")),
                fact(.appVersion, .greaterThan, .string("1.9")), fact(.appVersion, .atMost, .string("1.10.0")),
                fact(.appVersion, .notExists),
                fact(.locale, .equals, .string("pt")), fact(.locale, .notEquals, .string("en")),
                fact(.firstSeen, .moreThanDaysAgo, .number(1)), fact(.lastSeen, .withinLastDays, .number(1)),
                fact(.lastSeen, .atLeast, .date(later)),
                .history(HistoryCondition(campaign: launch, action: .saw, withinDays: 7)),
                .history(HistoryCondition(campaign: launch, action: .clicked)),
                .history(HistoryCondition(campaign: launch, action: .saw, operator: .didNot, withinDays: 3)),
                .all([attribute("tier", .equals, .string("gold")),
                      .any([.tag(TagCondition(tag: "beta", operator: .has)), fact(.sessions, .atLeast, .number(2))]),
                      .history(HistoryCondition(campaign: launch, action: .saw, operator: .didNot, withinDays: 7))]),
                .any([]), .all([]),
            ]
            struct RuleBody: Encodable { var rule: SegmentRule }
            for rule in rules {
                let expected = known.keys.filter { decides(rule, $0) }.count
                let counted = try size(try await server.send(.POST, "/api/v1/apps/\(app.id)/audience", json: RuleBody(rule: rule)), "\(rule.summary)")
                #expect(counted == AudienceSize(users: expected, exact: true, knownUsers: Self.users, counted: Self.users), "\(rule.summary)")
            }

            // Generated rules: the count and the trigger tester's explanation agree with the rule
            // evaluated over what the test sent, user by user.
            var generator = RuleGenerator(random: SplitMix(state: 99), campaign: launch, dates: [start, later])
            for _ in 0..<80 {
                let rule = generator.validRule()
                let expected = known.keys.filter { decides(rule, $0) }.count
                let counted = try size(try await server.send(.POST, "/api/v1/apps/\(app.id)/audience", json: RuleBody(rule: rule)), "\(rule)")
                #expect(counted.users == expected && counted.exact, "\(rule)")
            }
            try await explanationsAgree(server, app, rule: generator.validRule { rule in
                let members = known.keys.filter { decides(rule, $0) }.count
                return members > 20 && members < Self.users - 20
            }, known: known, decides: decides)

            // A campaign's targeting: its own rules and its segments together.
            let goldRule = rules[0], betaRule = rules[14]
            struct SegmentBody: Encodable { var name: String; var rule: SegmentRule }
            let gold = try #require(try await server.send(.POST, "/api/v1/apps/\(app.id)/segments",
                                                          json: SegmentBody(name: "Gold", rule: goldRule)).json["id"] as? String)
            let beta = try #require(try await server.send(.POST, "/api/v1/apps/\(app.id)/segments",
                                                          json: SegmentBody(name: "Beta", rule: betaRule)).json["id"] as? String)
            let targeting = Targeting(minAppVersion: AppVersion("1.10"), locales: ["en", "fr"], platforms: [.ios],
                                      segments: SegmentTargeting(include: [gold], exclude: [beta]))
            let expected = known.map { user, entry in
                let membership = Set([(gold, goldRule), (beta, betaRule)].filter { decides($0.1, user) }.map(\.0))
                return DeviceContext(identity: UserIdentity(userID: user), appVersion: entry.facts.appVersion, locale: entry.facts.locale,
                                     platform: entry.facts.platform, segments: membership)
            }.filter(targeting.admits).count
            struct TargetingBody: Encodable { var targeting: Targeting }
            let counted = try size(try await server.send(.POST, "/api/v1/apps/\(app.id)/audience", json: TargetingBody(targeting: targeting)))
            #expect(counted.users == expected && counted.exact)
            #expect(expected > 0, "the sample has users in the audience")
            let anonymous = try size(try await server.send(.POST, "/api/v1/apps/\(app.id)/audience",
                                                           json: TargetingBody(targeting: Targeting(audience: .anonymousUsers))))
            #expect(anonymous.users == 0)

            // Out of time after the first chunk: the share found so far, scaled to all known users.
            let sql = try #require(server.app.db as? any SQLDatabase)
            let estimate = try await AudienceCounter(database: sql, chunkSize: 60, isOverTime: { true })
                .count(appID: app.id, in: .rule(goldRule), now: now)
            let firstChunk = known.keys.sorted().prefix(60).filter { decides(goldRule, $0) }.count
            #expect(estimate == AudienceSize(users: Int((Double(firstChunk) / 60 * Double(Self.users)).rounded()), exact: false,
                                             knownUsers: Self.users, counted: 60))
        }
    }
}

/// Random valid rules over the sample's attributes, tags, app facts and history of one campaign,
/// nested up to three deep: every operator of the model meets values of every kind.
private struct RuleGenerator {
    var random: AudienceSizeTests.SplitMix
    let campaign: String
    let dates: [Date]

    /// A rule the model accepts (and, with `where`, that satisfies it).
    mutating func validRule(where accepted: (SegmentRule) -> Bool = { _ in true }) -> SegmentRule {
        while true {
            let rule = rule(depth: 0)
            if Segment(id: "", name: "Generated", rule: rule).validationIssues().isEmpty && accepted(rule) { return rule }
        }
    }

    private mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices.randomElement(using: &random)!
    }

    private mutating func value() -> ProfileValue? {
        pick([nil, .string("gold"), .string("Gold"), .string("shoes"), .string("bags"), .string("true"), .number(0), .number(2),
              .number(500), .number(1_000), .boolean(true), .boolean(false), .date(dates[0]), .date(dates[1])])
    }

    private mutating func rule(depth: Int) -> SegmentRule {
        switch Int.random(in: 0..<(depth < 2 ? 7 : 4), using: &random) {
        case 0:
            return .attribute(ProfileCondition(attribute: pick(["tier", "points", "vip", "interests", "renewal", "absent"]),
                                               operator: pick(SegmentOperator.allCases), value: value()))
        case 1:
            return .tag(TagCondition(tag: pick(["beta", "newsletter", "churned", "absent"]), operator: pick(TagCondition.Operator.allCases)))
        case 2:
            let fact = pick(FactCondition.Fact.allCases)
            let values: [ProfileValue?] = switch fact {
            case .sessions: [.number(0), .number(1), .number(2)]
            case .appVersion: [nil, .string("1.9"), .string("1.10"), .string("2.0.1")]
            case .platform: [nil, .string("ios"), .string("android")]
            case .locale: [nil, .string("en"), .string("pt"), .string("fr-FR")]
            case .firstSeen, .lastSeen: [nil, .number(1), .number(3), .date(dates[0]), .date(dates[1])]
            }
            return .fact(FactCondition(fact: fact, operator: pick(fact.operators), value: pick(values)))
        case 3:
            return .history(HistoryCondition(campaign: campaign, action: pick(HistoryCondition.Action.allCases),
                                             operator: pick(HistoryCondition.Operator.allCases), withinDays: pick([nil, 1, 3, 7, 30])))
        case 4, 5:
            return .all((0..<Int.random(in: 0...3, using: &random)).map { _ in rule(depth: depth + 1) })
        default:
            return .any((0..<Int.random(in: 0...3, using: &random)).map { _ in rule(depth: depth + 1) })
        }
    }
}
