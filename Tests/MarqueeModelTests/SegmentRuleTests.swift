import Foundation
import MarqueeModel
import Testing

/// Segment rules: typed comparisons of attributes, tags, app facts and history, nested with
/// all/any, read and written as JSON, explained rule by rule, and refused when malformed.
@Suite("Segment rules")
struct SegmentRuleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let campaign = "6f1c5d2e-8a41-4b7e-9a11-0c3f2b9d7e55"

    static func subject(attributes: [String: ProfileValue] = [:], tags: Set<String> = [], facts: UserFacts = UserFacts(),
                        sawDaysAgo: Double? = nil) -> SegmentSubject {
        let history = sawDaysAgo.map { [SegmentSubject.HistoryEntry(campaign: campaign.uppercased(), action: .saw): now.addingTimeInterval(-$0 * 86_400)] }
        return SegmentSubject(attributes: attributes, tags: tags, facts: facts, history: history ?? [:], now: now)
    }

    static let goldSeenLastWeek: SegmentRule = .all([
        .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))),
        .history(HistoryCondition(campaign: campaign, action: .saw, withinDays: 7)),
    ])

    @Test func allNeedsEveryRuleAndHistoryCountsOnlyWithinItsDays() {
        let rule = Self.goldSeenLastWeek
        #expect(rule.matches(Self.subject(attributes: ["tier": .string("gold")], sawDaysAgo: 2)))
        #expect(!rule.matches(Self.subject(attributes: ["tier": .string("gold")], sawDaysAgo: 8)))
        #expect(!rule.matches(Self.subject(attributes: ["tier": .string("gold")])))
        #expect(!rule.matches(Self.subject(attributes: ["tier": .string("silver")], sawDaysAgo: 1)))
        #expect(!rule.matches(Self.subject(attributes: ["tier": .string("Gold")], sawDaysAgo: 1)))
    }

    @Test func anyNeedsOneRule() {
        let rule: SegmentRule = .any([.tag(TagCondition(tag: "beta", operator: .has)),
                                      .fact(FactCondition(fact: .sessions, operator: .atLeast, value: .number(10)))])
        #expect(rule.matches(Self.subject(tags: ["beta"])))
        #expect(rule.matches(Self.subject(facts: UserFacts(sessions: 10))))
        #expect(!rule.matches(Self.subject(facts: UserFacts(sessions: 9))))
        #expect(SegmentRule.any([]).matches(Self.subject()) == false)
        #expect(SegmentRule.all([]).matches(Self.subject()) == true)
    }

    @Test func comparisonsAreTypedAndNegationsHoldForUsersWithoutTheValue() {
        func holds(_ op: SegmentOperator, _ value: ProfileValue?, _ operand: ProfileValue?) -> Bool {
            let attributes = value.map { ["x": $0] } ?? [:]
            return SegmentRule.attribute(ProfileCondition(attribute: "x", operator: op, value: operand)).matches(Self.subject(attributes: attributes))
        }
        let lastWeek = Self.now.addingTimeInterval(-6 * 86_400)
        #expect(holds(.greaterThan, .number(3), .number(2)))
        #expect(!holds(.greaterThan, .string("3"), .number(2)))
        #expect(holds(.atMost, .date(lastWeek), .date(Self.now)))
        #expect(holds(.withinLastDays, .date(lastWeek), .number(7)))
        #expect(!holds(.withinLastDays, .date(lastWeek), .number(5)))
        #expect(holds(.moreThanDaysAgo, .date(lastWeek), .number(5)))
        #expect(holds(.contains, .list(["a", "b"]), .string("b")))
        #expect(holds(.contains, .string("premium plus"), .string("plus")))
        #expect(!holds(.contains, .list(["a"]), .string("b")))
        #expect(holds(.notContains, nil, .string("b")))
        #expect(holds(.notEquals, nil, .string("gold")))
        #expect(!holds(.equals, nil, .string("gold")))
        #expect(holds(.equals, .boolean(true), .boolean(true)))
        #expect(holds(.exists, .boolean(false), nil))
        #expect(holds(.notExists, nil, nil))
    }

    @Test func factsCompareVersionsPartByPartAndLocalesByLanguage() {
        let facts = UserFacts(firstSeen: Self.now.addingTimeInterval(-40 * 86_400), lastSeen: Self.now, sessions: 3,
                              appVersion: AppVersion("1.10.0"), platform: .android, locale: "pt_BR")
        func holds(_ fact: FactCondition.Fact, _ op: SegmentOperator, _ value: ProfileValue?) -> Bool {
            SegmentRule.fact(FactCondition(fact: fact, operator: op, value: value)).matches(Self.subject(facts: facts))
        }
        #expect(holds(.appVersion, .greaterThan, .string("1.9")))
        #expect(holds(.appVersion, .equals, .string("1.10")))
        #expect(!holds(.appVersion, .lessThan, .string("1.9.9")))
        #expect(holds(.locale, .equals, .string("pt")))
        #expect(!holds(.locale, .equals, .string("pt-PT")))
        #expect(holds(.locale, .notEquals, .string("en")))
        #expect(holds(.platform, .equals, .string("android")))
        #expect(holds(.firstSeen, .moreThanDaysAgo, .number(30)))
        #expect(holds(.lastSeen, .withinLastDays, .number(1)))
        #expect(holds(.appVersion, .greaterThan, .string("1")))
        #expect(!SegmentRule.fact(FactCondition(fact: .appVersion, operator: .atLeast, value: .string("1"))).matches(Self.subject()))
    }

    @Test func didNotHoldsForAUserWhoNeverDidIt() {
        let rule: SegmentRule = .history(HistoryCondition(campaign: Self.campaign, action: .saw, operator: .didNot, withinDays: 3))
        #expect(rule.matches(Self.subject()))
        #expect(rule.matches(Self.subject(sawDaysAgo: 5)))
        #expect(!rule.matches(Self.subject(sawDaysAgo: 1)))
    }

    @Test func jsonRoundTripsAndRefusesARuleWithTwoKinds() throws {
        let json = """
        {"all":[{"attribute":"tier","operator":"equals","value":"gold"},
                {"any":[{"tag":"beta","operator":"has"},{"fact":"sessions","operator":"atLeast","value":10}]},
                {"campaign":"\(Self.campaign)","action":"saw","operator":"did","withinDays":7},
                {"attribute":"renewal","operator":"withinLastDays","value":30},
                {"attribute":"birthday","operator":"lessThan","value":{"date":"2000-01-01T00:00:00Z"}}]}
        """
        let rule = try JSONDecoder().decode(SegmentRule.self, from: Data(json.utf8))
        guard case .all(let rules) = rule, rules.count == 5, case .any(let inner) = rules[1] else {
            Issue.record("unexpected shape \(rule)")
            return
        }
        #expect(inner == [.tag(TagCondition(tag: "beta", operator: .has)), .fact(FactCondition(fact: .sessions, operator: .atLeast, value: .number(10)))])
        let again = try JSONDecoder().decode(SegmentRule.self, from: JSONEncoder().encode(rule))
        #expect(again == rule)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SegmentRule.self, from: Data(#"{"tag":"a","operator":"has","attribute":"b"}"#.utf8))
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SegmentRule.self, from: Data("{}".utf8)) }
    }

    @Test func profileValuesReadAsTheirOwnType() throws {
        let json = #"[true, 1, "1", "true", ["a"], {"date": "2026-01-31T09:00:00Z"}, 2.5, false]"#
        let values = try JSONDecoder().decode([ProfileValue].self, from: Data(json.utf8))
        #expect(values == [.boolean(true), .number(1), .string("1"), .string("true"), .list(["a"]),
                           .date(Date(timeIntervalSince1970: 1_769_850_000)), .number(2.5), .boolean(false)])
        #expect(values.map(\.kind) == [.boolean, .number, .string, .string, .list, .date, .number, .boolean])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProfileValue.self, from: Data(#"{"date": "2026-01-31T09:00:00Z", "zone": "UTC"}"#.utf8))
        }
    }

    @Test func explanationGoesRuleByRule() {
        let lines = Self.goldSeenLastWeek.explanation(for: Self.subject(attributes: ["tier": .string("gold")], sawDaysAgo: 9))
        #expect(lines == [
            SegmentCheck(depth: 0, passed: false, reason: "all of 2"),
            SegmentCheck(depth: 1, passed: true, reason: "tier equals gold"),
            SegmentCheck(depth: 1, passed: false, reason: "saw campaign \(Self.campaign) in the last 7 days"),
        ])
    }

    @Test func validationNamesEachBadField() {
        let segment = Segment(name: " ", rule: .all([
            .attribute(ProfileCondition(attribute: "bad name", operator: .equals, value: .string("x"))),
            .attribute(ProfileCondition(attribute: "age", operator: .greaterThan, value: .string("30"))),
            .attribute(ProfileCondition(attribute: "seen", operator: .withinLastDays, value: .number(0.5))),
            .attribute(ProfileCondition(attribute: "vip", operator: .exists, value: .boolean(true))),
            .fact(FactCondition(fact: .appVersion, operator: .atLeast, value: .string("one"))),
            .fact(FactCondition(fact: .platform, operator: .withinLastDays, value: .number(3))),
            .history(HistoryCondition(campaign: "nope", action: .clicked, withinDays: 0)),
            .any([.any([.any([.any([.tag(TagCondition(tag: "deep", operator: .has))])])])]),
        ]))
        let fields = Set(segment.validationIssues().map(\.field))
        #expect(fields == ["name", "rule.all[0].attribute", "rule.all[1].value", "rule.all[2].value", "rule.all[3].value",
                           "rule.all[4].value", "rule.all[5].operator", "rule.all[6].campaign", "rule.all[6].withinDays",
                           "rule.all[7].any[0].any[0].any[0].any"])
        #expect(Segment(name: "Gold", rule: Self.goldSeenLastWeek).validationIssues().isEmpty)
        let many = Segment(name: "Many", rule: .any(Array(repeating: .tag(TagCondition(tag: "t", operator: .has)), count: 51)))
        #expect(many.validationIssues().map(\.field) == ["rule"])
    }

    @Test func targetingAdmitsByMembershipAndNeverWithoutIt() {
        let gold = "aaaaaaaa-0000-4000-8000-000000000001", churned = "aaaaaaaa-0000-4000-8000-000000000002"
        let targeting = Targeting(segments: SegmentTargeting(include: [gold.uppercased()], exclude: [churned]))
        #expect(!targeting.admitsEveryone)
        #expect(targeting.admits(DeviceContext(identity: UserIdentity(userID: "u"), segments: [gold])))
        #expect(!targeting.admits(DeviceContext(identity: UserIdentity(userID: "u"), segments: [gold, churned])))
        #expect(!targeting.admits(DeviceContext(identity: UserIdentity(userID: "u"), segments: [])))
        #expect(!targeting.admits(DeviceContext(identity: UserIdentity(userID: "u"))))
        let excludeOnly = Targeting(segments: SegmentTargeting(exclude: [churned]))
        #expect(excludeOnly.admits(DeviceContext(identity: UserIdentity(userID: "u"), segments: [])))
        #expect(!excludeOnly.admits(DeviceContext(identity: .anonymous)))
        let check = targeting.checks(for: DeviceContext(identity: .anonymous)).first { $0.rule == .segments }
        #expect(check?.passed == false)
    }
}
