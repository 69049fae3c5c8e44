import Foundation
import MarqueeModel
import Testing

/// Sticky assignment: one function, shared by the server and the SDK, spreads users over the
/// arms in proportion to the weights and never moves them while the experiment stays as it is.
@Suite("Experiment assignment")
struct ExperimentAssignmentTests {
    private static let campaignID = "6f1c2a80-9a41-4d1e-8f0e-1f2a3b4c5d6e"

    private func shares(_ experiment: Experiment, users: Int = 100_000, unit: (Int) -> ExperimentUnit) -> [String: Double] {
        var counts: [String: Int] = [:]
        for index in 0..<users {
            counts[ExperimentAssignment.arm(campaignID: Self.campaignID, unit: unit(index), experiment: experiment).id, default: 0] += 1
        }
        return counts.mapValues { Double($0) / Double(users) }
    }

    @Test func usersSpreadWithinTwoPercentOfTheWeightsAndTheControlShare() {
        let experiment = Experiment(variants: [Variant(id: "a", weight: 1), Variant(id: "b", weight: 2), Variant(id: "c", weight: 1)],
                                    controlPercent: 20)
        // Sequential IDs, the worst case for a weak hash: they differ in their last characters only.
        let share = shares(experiment) { ExperimentUnit(identity: UserIdentity(userID: "user-\($0)"), deviceID: nil) }
        // 20 % control; the other 80 % split 1 : 2 : 1.
        let expected = ["control": 0.20, "a": 0.20, "b": 0.40, "c": 0.20]
        #expect(Set(share.keys) == Set(expected.keys))
        for (arm, wanted) in expected {
            #expect(abs((share[arm] ?? 0) - wanted) <= 0.02 * wanted, "\(arm): \(share[arm] ?? 0) against \(wanted)")
        }
    }

    @Test func anonymousDevicesSpreadAsEvenlyAsUsers() {
        let experiment = Experiment(variants: [Variant(id: "a", weight: 50), Variant(id: "b", weight: 50)])
        let share = shares(experiment) { ExperimentUnit(identity: .anonymous, deviceID: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", $0))!.uuidString) }
        #expect(abs((share["a"] ?? 0) - 0.5) <= 0.01)
        #expect(share["control"] == nil, "no control group, no one in it")
    }

    @Test func anAssignmentDependsOnlyOnTheCampaignAndTheUser() {
        let experiment = Experiment(variants: [Variant(id: "a"), Variant(id: "b")], controlPercent: 10)
        let unit = ExperimentUnit(identity: UserIdentity(userID: "ada"), deviceID: "phone")
        let first = ExperimentAssignment.arm(campaignID: Self.campaignID, unit: unit, experiment: experiment)
        // Another device, another tracking identifier, a later process: the same arm.
        let elsewhere = ExperimentUnit(identity: UserIdentity(userID: "ada", idTrackingIdentifier: "t-9"), deviceID: "tablet")
        #expect(ExperimentAssignment.arm(campaignID: Self.campaignID, unit: elsewhere, experiment: experiment) == first)
        // Fixed values: a change to the hash or the draw would move every user of every running experiment.
        #expect(StableHash.mixed("variant|c|user:ada") == 0x91ca_fe88_aec5_d0cc)
        #expect(StableHash.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        let campaign = Campaign(id: Self.campaignID, name: "Test", message: Message(kind: .modal, title: "Hi"), experiment: experiment)
        #expect(campaign.arm(for: unit) == first, "the campaign's shortcut is the same function")
    }

    @Test func changingTheControlShareMovesUsersOnlyIntoOrOutOfControl() {
        let narrow = Experiment(variants: [Variant(id: "a"), Variant(id: "b")], controlPercent: 10)
        var wide = narrow
        wide.controlPercent = 30
        for index in 0..<5_000 {
            let unit = ExperimentUnit(identity: UserIdentity(userID: "u\(index)"), deviceID: nil)
            let before = ExperimentAssignment.arm(campaignID: Self.campaignID, unit: unit, experiment: narrow)
            let after = ExperimentAssignment.arm(campaignID: Self.campaignID, unit: unit, experiment: wide)
            if before == .control { #expect(after == .control, "a wider control group keeps its users") }
            if after != .control { #expect(before == after, "a user outside control keeps their variant") }
        }
    }

    @Test func theUnitIsTheMostStableIdentifier() {
        #expect(ExperimentUnit(identity: UserIdentity(userID: "u", idTrackingIdentifier: "t"), deviceID: "d").key == "user:u")
        #expect(ExperimentUnit(identity: UserIdentity(idTrackingIdentifier: "t"), deviceID: "d").key == "tracking:t")
        #expect(ExperimentUnit(identity: .anonymous, deviceID: "d").key == "device:d")
        #expect(ExperimentUnit(identity: .anonymous, deviceID: nil).key == "anonymous")
    }

    @Test func eachArmResolvesToAPlainCampaignAndControlToNothing() throws {
        let base = Message(kind: .modal, title: "Original")
        let campaign = Campaign(
            id: "c", name: "Sale", message: base,
            experiment: Experiment(variants: [Variant(id: "a"), Variant(id: "b", message: Message(kind: .modal, title: "New"))],
                                   controlPercent: 5),
            goal: ConversionGoal(event: .purchase))
        #expect(campaign.resolved(for: .control) == nil)
        let a = try #require(campaign.resolved(for: .variant("a")))
        #expect(a.message.title == "Original")
        #expect(a.experiment == nil && a.goal == nil, "a plain arm carries neither")
        #expect(campaign.resolved(for: .variant("b"))?.message.title == "New")
        #expect(campaign.resolved(for: .variant("zzz")) == nil)
        #expect(campaign.plainArms.map { $0.arm?.id } == ["a", "b"])
        let holdOut = Campaign(id: "h", name: "Hold-out", message: base, experiment: Experiment(controlPercent: 10))
        #expect(holdOut.experiment?.armIDs == ["default", "control"])
        #expect(holdOut.resolved(for: .variant("default"))?.message == base)
    }

    @Test func validationNamesEveryBadField() {
        let message = Message(kind: .modal, title: "Hi")
        let campaign = Campaign(
            id: "c", name: "Bad", message: message, triggers: TriggerSet(triggers: [Trigger(.appStart)]),
            experiment: Experiment(variants: [
                Variant(id: "control", weight: 0),
                Variant(id: "b c", weight: 5000, message: Message(kind: .banner, title: "Other kind")),
                Variant(id: "b c"), Variant(id: "d"), Variant(id: "e"),
            ], controlPercent: 95),
            goal: ConversionGoal(event: .custom, name: " ", windowHours: 0))
        let fields = Set(campaign.validationIssues().map(\.field))
        #expect(fields.isSuperset(of: [
            "experiment.variants", "experiment.controlPercent", "experiment.variants[0].id", "experiment.variants[0].weight",
            "experiment.variants[1].id", "experiment.variants[1].weight", "experiment.variants[1].message.kind",
            "goal.name", "goal.windowHours",
        ]), "\(fields.sorted())")
        let fine = Campaign(id: "c", name: "Good", message: message, triggers: TriggerSet(triggers: [Trigger(.appStart)]),
                            experiment: Experiment(variants: [Variant(id: "a"), Variant(id: "b", weight: 3)], controlPercent: 10),
                            goal: ConversionGoal(event: .custom, name: "signed_up", windowHours: 72))
        #expect(fine.validationIssues().isEmpty)
        let empty = Campaign(id: "c", name: "Empty", message: message, triggers: TriggerSet(triggers: [Trigger(.appStart)]),
                             experiment: Experiment())
        #expect(empty.validationIssues().map(\.field) == ["experiment.controlPercent"], "variants or a control group")
    }

    @Test func aGoalMatchesItsEventWithinItsWindow() {
        let goal = ConversionGoal(event: .custom, name: "checkout",
                                  conditions: [AttributeCondition(name: "total", type: .integer, operator: .greaterThan, value: "10")],
                                  windowHours: 72)
        #expect(goal.matches(.custom("checkout", attributes: ["total": .integer(20)])))
        #expect(!goal.matches(.custom("checkout", attributes: ["total": .integer(5)])))
        #expect(!goal.matches(.custom("browse")))
        #expect(ConversionGoal(event: .purchase).matches(.purchase(amountMicros: 1)))
        let seen = Date(timeIntervalSince1970: 1_000_000)
        #expect(goal.attributes(seen.addingTimeInterval(72 * 3_600), toExposureAt: seen), "the window's last second counts")
        #expect(!goal.attributes(seen.addingTimeInterval(72 * 3_600 + 1), toExposureAt: seen))
        #expect(!goal.attributes(seen.addingTimeInterval(-1), toExposureAt: seen), "not before the exposure")
    }
}
