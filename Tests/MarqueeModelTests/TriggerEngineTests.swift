import Foundation
import MarqueeModel
import Testing

/// Builds small campaigns for engine tests.
private func campaign(_ id: String, priority: Int = 0, kind: MessageKind = .modal, tooltipTarget: String? = nil,
                      _ triggers: TriggerSet) -> Campaign {
    Campaign(id: id, name: id, status: .active,
             message: Message(kind: kind, title: id,
                              tooltip: tooltipTarget.map { TooltipSettings(targetElementID: $0) }),
             triggers: triggers, delivery: DeliveryRules(priority: priority))
}

private func all(_ triggers: Trigger...) -> TriggerSet { TriggerSet(match: .all, triggers: triggers) }

private let always: @Sendable (Campaign) -> Bool = { _ in true }

@Suite struct TriggerEngineTests {
    @Test func aCustomEventReadiesTheCampaignListeningForIt() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("a", all(Trigger(.custom, name: "cart"))),
                         campaign("b", all(Trigger(.custom, name: "other")))], isEligible: always)

        let outcome = engine.log(.custom("cart"), isEligible: always)

        #expect(outcome.ready.map(\.id) == ["a"])
        #expect(outcome.matchedTrigger)
    }

    @Test func everyTriggerMustHoldAndNamesAreCaseSensitive() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("a", all(Trigger(.custom, name: "Cart"), Trigger(.login)))], isEligible: always)

        #expect(engine.log(.custom("cart"), isEligible: always).matchedTrigger == false)
        #expect(engine.log(.custom("Cart"), isEligible: always).ready.isEmpty)
        #expect(engine.log(.login, isEligible: always).ready.map(\.id) == ["a"])
    }

    @Test func everyAttributeConditionMustMatch() {
        let conditions = [
            AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "3"),
            AttributeCondition(name: "tier", type: .string, operator: .equals, value: "Gold"),
        ]
        var engine = TriggerEngine()
        _ = engine.load([campaign("a", all(Trigger(.custom, name: "up", conditions: conditions)))], isEligible: always)

        let onlyOne = engine.log(.custom("up", attributes: ["level": .integer(2), "tier": .string("Gold")]), isEligible: always)
        let both = engine.log(.custom("up", attributes: ["level": .integer(5), "tier": .string("gold")]), isEligible: always)

        #expect(onlyOne.ready.isEmpty && !onlyOne.matchedTrigger)
        #expect(both.ready.map(\.id) == ["a"])
    }

    @Test func nonPersistentEventsAreConsumedOnMatch() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("a", all(Trigger(.custom, name: "x"), Trigger(.custom, name: "y")))], isEligible: always)

        _ = engine.log(.custom("x"), isEligible: always)
        let first = engine.log(.custom("y"), isEligible: always)
        let again = engine.log(.custom("y"), isEligible: always)
        let secondX = engine.log(.custom("x"), isEligible: always)
        let third = engine.log(.custom("y"), isEligible: always)

        #expect(first.ready.map(\.id) == ["a"])
        #expect(again.ready.isEmpty, "x was consumed by the first display")
        #expect(secondX.ready.map(\.id) == ["a"], "the y kept from before completes the pair")
        #expect(third.ready.isEmpty)
        #expect(engine.progress.counts["a"] == [0, 1])
    }

    @Test func appStartIsPersistentAndLaunchCampaignsFireOncePerSession() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("launch", all(Trigger(.appStart))),
                         campaign("launchAndBuy", all(Trigger(.appStart), Trigger(.purchase)))], isEligible: always)

        let first = engine.log(.appStart, isEligible: always)
        let repeated = engine.log(.appStart, isEligible: always)
        let buy1 = engine.log(.purchase(), isEligible: always)
        let buy2 = engine.log(.purchase(), isEligible: always)
        engine.startSession()
        let nextLaunch = engine.log(.appStart, isEligible: always)

        #expect(first.ready.map(\.id) == ["launch"])
        #expect(repeated.deferred && repeated.ready.isEmpty)
        #expect(buy1.ready.map(\.id) == ["launchAndBuy"], "app start keeps satisfying its trigger")
        #expect(buy2.ready.map(\.id) == ["launchAndBuy"])
        #expect(nextLaunch.ready.map(\.id) == ["launch"])
    }

    @Test func launchCampaignLoadedAfterAppStartFiresOnceOnLoad() {
        var engine = TriggerEngine()
        _ = engine.log(.appStart, isEligible: always)

        let loaded = engine.load([campaign("launch", all(Trigger(.appStart)))], isEligible: always)
        let reloaded = engine.load([campaign("launch", all(Trigger(.appStart)))], isEligible: always)

        #expect(loaded.map(\.id) == ["launch"])
        #expect(reloaded.isEmpty)
    }

    @Test func eventsLoggedBeforeTheFirstLoadAreReplayed() {
        var engine = TriggerEngine()
        let early = engine.log(.custom("x"), isEligible: always)

        let ready = engine.load([campaign("a", all(Trigger(.custom, name: "x")))], isEligible: always)

        #expect(early.deferred)
        #expect(ready.map(\.id) == ["a"])
    }

    @Test func anyGroupsNeedOnlyOneMember() {
        let set = TriggerSet(match: .any, triggers: [Trigger(.login)],
                             groups: [all(Trigger(.custom, name: "a"), Trigger(.custom, name: "b"))])
        var engine = TriggerEngine()
        _ = engine.load([campaign("c", set)], isEligible: always)

        let login = engine.log(.login, isEligible: always)
        let a = engine.log(.custom("a"), isEligible: always)
        let b = engine.log(.custom("b"), isEligible: always)

        #expect(login.ready.map(\.id) == ["c"])
        #expect(a.ready.isEmpty)
        #expect(b.ready.map(\.id) == ["c"])
    }

    @Test func occurrenceCountsFireOnTheNthEvent() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("third", all(Trigger(.purchase, occurrences: 3)))], isEligible: always)

        let results = (1...6).map { _ in engine.log(.purchase(), isEligible: always).ready.count }

        #expect(results == [0, 0, 1, 0, 0, 1])
    }

    @Test func progressSurvivesAReloadWithTheSameTriggersAndResetsWhenTheyChange() {
        var engine = TriggerEngine()
        let three = campaign("c", all(Trigger(.purchase, occurrences: 3)))
        _ = engine.load([three], isEligible: always)
        _ = engine.log(.purchase(), isEligible: always)
        _ = engine.log(.purchase(), isEligible: always)

        _ = engine.load([three], isEligible: always)
        let saved = engine.progress
        _ = engine.load([campaign("c", all(Trigger(.purchase, occurrences: 2)))], isEligible: always)

        #expect(saved.counts["c"] == [2])
        #expect(engine.progress.counts["c"] == nil)
    }

    @Test func savedProgressIsRestored() {
        var engine = TriggerEngine()

        _ = engine.load([campaign("c", all(Trigger(.purchase, occurrences: 3)))],
                        progress: TriggerProgress(counts: ["c": [2]]), isEligible: always)

        #expect(engine.log(.purchase(), isEligible: always).ready.map(\.id) == ["c"])
    }

    @Test func highestPriorityComesFirstAndTiesKeepLoadOrder() {
        var engine = TriggerEngine()
        let trigger = all(Trigger(.login))
        _ = engine.load([campaign("low", priority: 1, trigger), campaign("tieA", priority: 5, trigger),
                         campaign("high", priority: 9, trigger), campaign("tieB", priority: 5, trigger)],
                        isEligible: always)

        #expect(engine.log(.login, isEligible: always).ready.map(\.id) == ["high", "tieA", "tieB", "low"])
    }

    @Test func ineligibleCampaignsKeepTheirEvents() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("a", all(Trigger(.login)))], isEligible: always)

        let blocked = engine.log(.login, isEligible: { _ in false })
        let reloaded = engine.load([campaign("a", all(Trigger(.login)))], isEligible: always)

        #expect(blocked.ready.isEmpty && blocked.matchedTrigger)
        #expect(reloaded.map(\.id) == ["a"], "the login was not consumed while the campaign was ineligible")
    }

    @Test func tooltipsWaitForTheirTargetElement() {
        var engine = TriggerEngine()
        _ = engine.load([campaign("tip", kind: .tooltip, tooltipTarget: "cart.button", all(Trigger(.login)))],
                        isEligible: always)

        let login = engine.log(.login, isEligible: always)
        let appeared = engine.log(.viewAppeared("cart.button"), isEligible: always)

        #expect(login.ready.isEmpty)
        #expect(appeared.ready.map(\.id) == ["tip"])
    }

    /// As RInAppMessaging's iOS client matches a tooltip's element: a view whose identifier
    /// contains the target is the element.
    @Test func aViewWhoseIdentifierContainsTheTargetIsTheElement() {
        func readied(by identifier: String) -> [String] {
            var engine = TriggerEngine()
            _ = engine.load([campaign("tip", kind: .tooltip, tooltipTarget: "cart.button", all(Trigger(.login))),
                             campaign("other", kind: .tooltip, tooltipTarget: "profile", all(Trigger(.login)))],
                            isEligible: always)
            _ = engine.log(.login, isEligible: always)
            return engine.log(.viewAppeared(identifier), isEligible: always).ready.map(\.id)
        }
        #expect(readied(by: "cart.button.badge") == ["tip"])
        #expect(readied(by: "main.cart.button") == ["tip"])
        #expect(readied(by: "cart").isEmpty, "a view inside the target's name is not the target")
        #expect(readied(by: "cart.profile.button") == ["other"])
        #expect(!TooltipSettings.points(at: "anything", target: ""), "an empty target points at nothing")
    }

    @Test func aButtonsCampaignTriggerCanReadyAnotherCampaign() {
        let emitted = EmittedEvent(name: "followUp", attributes: ["step": .integer(2)])
        var engine = TriggerEngine()
        _ = engine.load([campaign("second", all(Trigger(.custom, name: "followUp", conditions: [
            AttributeCondition(name: "step", type: .integer, operator: .equals, value: "2"),
        ])))], isEligible: always)

        #expect(engine.log(emitted.event, isEligible: always).ready.map(\.id) == ["second"])
    }

    @Test func costDependsOnListenersNotOnCampaigns() {
        var engine = TriggerEngine()
        var campaigns = (0..<1000).map { campaign("other\($0)", all(Trigger(.custom, name: "e\($0)"))) }
        campaigns += (0..<3).map { campaign("hit\($0)", all(Trigger(.custom, name: "target"))) }
        _ = engine.load(campaigns, isEligible: always)

        #expect(engine.listenerCount(for: EventKey(kind: .custom, name: "target")) == 3)
        #expect(engine.listenerCount(for: EventKey(kind: .custom, name: "e7")) == 1)
        #expect(engine.log(.custom("target"), isEligible: always).ready.count == 3)
    }
}

@Suite struct ConditionSemanticsTests {
    private func match(_ type: AttributeType, _ op: ConditionOperator, _ value: String,
                       _ actual: AttributeValue) -> Bool {
        CompiledCondition(AttributeCondition(name: "v", type: type, operator: op, value: value)).matches(["v": actual])
    }

    @Test func theEightOperatorsOnTheirTypes() {
        #expect(match(.string, .equals, "a", .string("a")))
        #expect(match(.string, .isNotEqual, "a", .string("b")))
        #expect(match(.integer, .greaterThan, "3", .integer(4)))
        #expect(!match(.integer, .greaterThan, "3", .integer(3)))
        #expect(match(.double, .lessThan, "1.5", .double(1.25)))
        #expect(match(.string, .isBlank, "", .string("  ")))
        #expect(match(.string, .isNotBlank, "", .string("x")))
        #expect(match(.string, .matchesRegex, "^a+$", .string("aaa")))
        #expect(match(.string, .doesNotMatchRegex, "^a+$", .string("ab")))
        #expect(match(.boolean, .equals, "true", .boolean(true)))
    }

    @Test func containsItemMatchesOneWholeItemOfAPurchase() {
        let purchase = Event.purchase(amountMicros: 1_000_000, numberOfItems: 3, currencyCode: "EUR",
                                      itemIDs: ["sku-1", "sku-12", "gift card"])
        func buys(_ item: String) -> Bool {
            AttributeCondition(name: PurchaseAttribute.itemIDList, type: .string, operator: .containsItem, value: item)
                .matches(purchase.attributes)
        }
        #expect(buys("sku-12"))
        #expect(buys("gift card"))
        #expect(!buys("sku"), "a prefix of an item is not the item")
        #expect(!buys("sku-1|sku-12"), "nor are two items")
        #expect(buys("SKU-1"), "items compare without regard to case, as text values do")
        #expect(!AttributeCondition(name: PurchaseAttribute.itemIDList, type: .string, operator: .containsItem, value: "sku-1")
            .matches(Event.purchase(amountMicros: 1).attributes), "a purchase without items contains none")
    }

    @Test func containsItemAppliesToTextOnlyAndNeedsOneItem() {
        #expect(ConditionOperator.containsItem.supports(.string))
        #expect(!ConditionOperator.containsItem.supports(.integer))
        var campaign = Campaign(id: "c", name: "Specific purchase", message: Message(kind: .modal, title: "Thanks"),
                                triggers: TriggerSet(triggers: [Trigger(.purchase, conditions: [
                                    AttributeCondition(name: PurchaseAttribute.itemIDList, type: .string, operator: .containsItem, value: "a|b"),
                                ])]))
        #expect(campaign.validationIssues().map(\.field) == ["triggers.triggers[0].conditions[0].value"])
        campaign.triggers = TriggerSet(triggers: [Trigger(.purchase, conditions: [
            AttributeCondition(name: PurchaseAttribute.itemIDList, type: .string, operator: .containsItem, value: "sku-1"),
        ])])
        #expect(campaign.validationIssues().isEmpty)
    }

    @Test func typesNeverConvert() {
        #expect(!match(.double, .equals, "1", .integer(1)))
        #expect(!match(.integer, .equals, "1", .double(1)))
        #expect(!match(.integer, .equals, "one", .integer(1)), "an unparsable value never matches")
        #expect(!match(.boolean, .greaterThan, "true", .boolean(true)), "unsupported pairs never match")
    }

    @Test func timeValuesHaveOneSecondTolerance() {
        #expect(match(.timeMillis, .equals, "10000", .timeMillis(11000)))
        #expect(!match(.timeMillis, .equals, "10000", .timeMillis(11001)))
        #expect(match(.timeMillis, .isNotEqual, "10000", .timeMillis(8999)))
        #expect(!match(.timeMillis, .greaterThan, "10000", .timeMillis(11000)))
        #expect(match(.timeMillis, .greaterThan, "10000", .timeMillis(11001)))
        #expect(match(.timeMillis, .lessThan, "10000", .timeMillis(8999)))
        #expect(!match(.timeMillis, .lessThan, "10000", .timeMillis(9000)))
    }

    /// As RInAppMessaging's clients compare text: iOS lowercases value and pattern, Android's
    /// equality ignores case. Escapes keep their meaning.
    @Test func textComparesWithoutRegardToCaseAndEscapesKeepTheirMeaning() {
        #expect(match(.string, .equals, "Gold", .string("gold")))
        #expect(match(.string, .equals, "gold", .string("GOLD")))
        #expect(!match(.string, .isNotEqual, "Gold", .string("gOLD")))
        #expect(match(.string, .isNotEqual, "Gold", .string("silver")))
        #expect(match(.string, .matchesRegex, "^ABC$", .string("abc")))
        #expect(match(.string, .matchesRegex, "^[A-C]+x$", .string("bAX")))
        #expect(!match(.string, .doesNotMatchRegex, "^abc$", .string("ABC")))
        #expect(match(.string, .matchesRegex, "\\D+", .string("abc")), "\\D stays non-digit")
        #expect(!match(.string, .matchesRegex, "\\D", .string("123")))
        #expect(match(.string, .matchesRegex, "^\\W$", .string("-")), "\\W stays non-word")
        #expect(!match(.string, .equals, "Gold", .string("Golden")), "equal, not a prefix")
    }

    @Test func literalsAreLoweredAndEscapedCharactersAreNot() {
        #expect(CompiledRegex.lowercasingLiterals(#"^Gold\D[A-Z]\\X"#) == #"^gold\D[a-z]\\x"#)
    }
}
