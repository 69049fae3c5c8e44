import Foundation
import MarqueeModel
import Testing

@Suite("Trigger tester")
struct TriggerTesterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func campaign(_ triggers: TriggerSet, status: CampaignStatus = .active, isTest: Bool = false,
                         targeting: Targeting = Targeting()) -> Campaign {
        Campaign(id: "c1", name: "Level up", status: status, isTest: isTest, message: Message(kind: .modal, title: "Well done"),
                 triggers: triggers, targeting: targeting)
    }

    static let levelAbove2 = Trigger(.custom, name: "level_up",
                                     conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])

    static func test(_ campaign: Campaign, _ event: Event, device: DeviceContext = DeviceContext(), isTester: Bool = false,
                     afterAppStart: Bool = true) -> TriggerTestResult {
        TriggerTester.test(campaign, event: event, device: device, isTester: isTester, now: now, afterAppStart: afterAppStart)
    }

    @Test func aConditionThatFailsSaysWhyInWords() {
        let result = Self.test(Self.campaign(TriggerSet(triggers: [Self.levelAbove2])), .custom("level_up", attributes: ["level": .integer(2)]))
        #expect(!result.wouldFire)
        #expect(result.summary == "level: 2 is not greater than 2")
        #expect(result.triggers.first?.listens == true)
        #expect(result.triggers.first?.conditions.map(\.matched) == [false])

        let fired = Self.test(Self.campaign(TriggerSet(triggers: [Self.levelAbove2])), .custom("level_up", attributes: ["level": .integer(3)]))
        #expect(fired.wouldFire)
        #expect(fired.summary == "the event fires it")
        #expect(fired.triggers.first?.conditions.first?.reason == "level: 3 is greater than 2")
    }

    @Test func missingAndMistypedAttributesAreNamed() {
        let campaign = Self.campaign(TriggerSet(triggers: [Self.levelAbove2]))
        #expect(Self.test(campaign, .custom("level_up")).summary == "level is not in the event")
        #expect(Self.test(campaign, .custom("level_up", attributes: ["level": .string("3")])).summary
                == "level is a string, and the condition compares integer values")
        let tier = Trigger(.custom, name: "level_up", conditions: [AttributeCondition(name: "tier", type: .string, operator: .equals, value: "gold")])
        #expect(Self.test(Self.campaign(TriggerSet(triggers: [tier])), .custom("level_up", attributes: ["tier": .string("silver")])).summary
                == #"tier: "silver" does not equal "gold""#)
    }

    @Test func anotherEventOrTooFewOccurrencesDoNotFire() {
        let campaign = Self.campaign(TriggerSet(triggers: [Self.levelAbove2]))
        let other = Self.test(campaign, .custom("purchase_made"))
        #expect(!other.wouldFire)
        #expect(other.summary == "no trigger listens for custom:purchase_made")
        #expect(other.triggers.first?.reason == "waits for custom:level_up, not custom:purchase_made")

        var thrice = Self.levelAbove2
        thrice.occurrences = 3
        let once = Self.test(Self.campaign(TriggerSet(triggers: [thrice])), .custom("level_up", attributes: ["level": .integer(5)]))
        #expect(!once.wouldFire)
        #expect(once.summary == "matches, and needs 3 such events; this one counts once")
    }

    @Test func groupsFollowTheEngine() {
        let login = Trigger(.login)
        let both = Self.campaign(TriggerSet(match: .all, triggers: [Self.levelAbove2, login]))
        let result = Self.test(both, .custom("level_up", attributes: ["level": .integer(5)]))
        #expect(!result.wouldFire)
        #expect(result.summary == "the triggers do not hold together: all of them must")
        let either = Self.campaign(TriggerSet(match: .any, triggers: [Self.levelAbove2, login]))
        #expect(Self.test(either, .custom("level_up", attributes: ["level": .integer(5)])).wouldFire)
    }

    @Test func aLaunchCampaignFiresAtAppStartNotOnTheEvent() {
        let launch = Self.campaign(TriggerSet(triggers: [Trigger(.appStart)]))
        let result = Self.test(launch, .custom("level_up"))
        #expect(!result.wouldFire)
        #expect(result.summary == "it fires at app start, before this event")
        #expect(Self.test(launch, .appStart).wouldFire)
        #expect(!Self.test(launch, .custom("level_up"), afterAppStart: false).wouldFire)
    }

    @Test func targetingAndDeliveryRulesAreExplained() {
        let event = Event.custom("level_up", attributes: ["level": .integer(5)])
        let newAppsOnly = Self.campaign(TriggerSet(triggers: [Self.levelAbove2]),
                                        targeting: Targeting(audience: .knownUsers, minAppVersion: AppVersion("3.0.0")))
        let old = Self.test(newAppsOnly, event, device: DeviceContext(identity: UserIdentity(userID: "ada"), appVersion: AppVersion("2.1.0")))
        #expect(!old.wouldFire)
        #expect(old.summary == "app version 2.1.0 is not from 3.0.0")
        #expect(old.targeting.map(\.passed) == [true, false])
        let anonymous = Self.test(newAppsOnly, event, device: DeviceContext(appVersion: AppVersion("3.1.0")))
        #expect(anonymous.summary == "the audience is identified users, and this user is anonymous")

        let paused = Self.test(Self.campaign(TriggerSet(triggers: [Self.levelAbove2]), status: .paused), event)
        #expect(!paused.wouldFire)
        #expect(paused.summary == "the campaign is paused; devices get only active campaigns")
        let test = Self.campaign(TriggerSet(triggers: [Self.levelAbove2]), isTest: true)
        #expect(!Self.test(test, event).wouldFire)
        #expect(Self.test(test, event, isTester: true).wouldFire)
    }
}
