import Foundation
import MarqueeModel
import MarqueeWire
import Testing

@Suite("Mapping between the protocol and the model")
struct CampaignMappingTests {
    @Test func baseCampaignsBecomeModelCampaigns() throws {
        let response = try FixtureLoader.decode(LenientPingResponse.self, "ping_response")
        #expect(response.skipped.isEmpty)
        #expect(response.campaigns.map(\.id) == ["c-launch", "c-purchase", "c-tooltip"])

        let launch = response.campaigns[0]
        #expect(launch.name == "[home] Launch offer")
        #expect(launch.contexts == ["home"])
        #expect(launch.message.kind == .modal)
        #expect(launch.message.title == "Welcome back")
        #expect(launch.message.body == "Ten percent off today.")
        #expect(launch.message.image == MessageImage(url: "https://cdn.example.com/offer.png", crop: .fill))
        #expect(launch.message.textAlignment == .center)
        #expect(launch.message.showsOptOut)
        #expect(launch.message.buttons.map(\.action.type) == [.openURL, .close])
        #expect(launch.message.buttons[0].action.logsEvent == EmittedEvent(name: "shop_tapped", attributes: ["source": .string("launch")]))
        #expect(launch.message.contentAction == MessageAction(.deepLink, uri: "shop://offers"))
        #expect(launch.delivery.maxImpressions == 2)
        #expect(launch.delivery.endTime == nil)
        #expect(launch.delivery.delayAfterCloseMillis == 2000)
        #expect(launch.triggers.triggers == [Trigger(.appStart)])

        let purchase = response.campaigns[1]
        #expect(purchase.isTest)
        #expect(purchase.message.kind == .slideUp)
        #expect(purchase.message.slideFrom == .right)
        #expect(purchase.message.orientation == .landscape)
        #expect(purchase.message.buttons.first?.action.type == .pushPrimer)
        #expect(purchase.delivery.endTime == Date(timeIntervalSince1970: 1_766_000_000))
        let conditions = purchase.triggers.triggers[0].conditions
        #expect(conditions.map(\.operator) == [.greaterThan, .matchesRegex, .lessThan, .equals, .isNotEqual, .isNotBlank])
        #expect(conditions.map(\.type) == [.double, .string, .timeMillis, .boolean, .integer, .string])
        #expect(conditions[1].value == "^SPRING[0-9]+$", "regex patterns are never altered")
        #expect(purchase.triggers.triggers[1].event == .login)
        #expect(purchase.message.customJSON?.objectValue?["pushPrimer"] != nil)

        let tooltip = response.campaigns[2]
        #expect(tooltip.message.kind == .tooltip)
        #expect(tooltip.message.tooltip == TooltipSettings(targetElementID: "cart.button", position: .bottomCenter,
                                                            redirectURL: "shop://cart", autoDisappearSeconds: 5))
        #expect(tooltip.contexts == ["Tooltip"], "a tooltip carries the Tooltip context, as RInAppMessaging clients read it")
        #expect(tooltip.verifiableContexts.isEmpty, "the app is never asked to verify the Tooltip context")
        #expect(tooltip.delivery.infiniteImpressions)
    }

    @Test func aCampaignTooLargeToRenderSafelyIsSkippedByTheDevice() throws {
        let good = Campaign(id: "good", name: "Good", message: Message(kind: .modal, title: "Hi"),
                            triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        var huge = good
        huge.id = "huge"
        huge.message.title = String(repeating: "W", count: 40_000)
        let response = PingResponse(currentPingMillis: 1, nextPingMillis: 60_000, data: [good, huge].map {
            CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true))
        })
        let read = try MarqueeJSON.decoder().decode(LenientPingResponse.self, from: MarqueeJSON.encoder().encode(response))
        #expect(read.campaigns.map(\.id) == ["good"])
        #expect(read.skipped.count == 1)
        #expect(read.skipped.first?.contains("message.title") == true)
    }

    @Test func oneBadCampaignNeverSpoilsTheOthers() throws {
        let response = try FixtureLoader.decode(LenientPingResponse.self, "ping_response_one_bad_campaign")
        #expect(response.campaigns.map(\.id) == ["good"])
        #expect(response.skipped.count == 3)
        #expect(response.nextPingMillis == 60_000)
    }

    @Test func baseExpressibleCampaignsSurviveTheBaseProtocol() throws {
        let campaign = Campaign(
            id: "c1", name: "[checkout] Thanks", status: .active,
            message: Message(kind: .slideUp, title: "Thanks", body: "See you soon",
                             colors: MessageColors(title: HexColor("#112233")!, body: HexColor("#445566")!,
                                                   background: HexColor("#FAFAFA")!, frame: HexColor("#EEEEEE")!),
                             image: MessageImage(url: "https://cdn.example.com/x.png", crop: .center),
                             textAlignment: .center, orientation: .portrait,
                             buttons: [MessageButton(id: "button1", text: "Rate", action: MessageAction(.openURL, uri: "https://example.com"))],
                             showsOptOut: true, isDismissable: false, slideFrom: .left),
            triggers: TriggerSet(triggers: [Trigger(.custom, name: "paid", conditions: [
                AttributeCondition(name: "amount", type: .double, operator: .greaterThan, value: "10.5")])]),
            delivery: DeliveryRules(endTime: Date(timeIntervalSince1970: 1_900_000_000), maxImpressions: 3, delayAfterCloseMillis: 500))
        #expect(campaign.requiredCapabilities.isEmpty)
        let data = campaign.campaignData(includingExtension: false)
        let encoded = try MarqueeJSON.encoder().encode(data)
        let decoded = try MarqueeJSON.decoder().decode(CampaignData.self, from: encoded).campaign()
        #expect(decoded.message == campaign.message)
        #expect(decoded.triggers == campaign.triggers)
        #expect(decoded.delivery == campaign.delivery)
        #expect(decoded.name == campaign.name)
    }

    @Test func theExtensionCarriesEverythingButTargeting() throws {
        var campaign = Campaign(
            id: "c2", name: "Banner", status: .active,
            message: Message(kind: .banner, header: "NEW", title: "Hi", banner: BannerSettings(placement: .top, icon: .offer),
                             appearance: Appearance(theme: .dark, layoutDirection: .rightToLeft), extras: ["k": "v"]),
            triggers: TriggerSet(match: .any, triggers: [Trigger(.sessionStart), Trigger(.custom, name: "x", occurrences: 3)]),
            delivery: DeliveryRules(priority: 5, reEligibilitySeconds: 60, frequencyCapIDs: ["daily"]))
        campaign.targeting = Targeting(userIDs: ["secret-user"])
        let encoded = try MarqueeJSON.encoder().encode(campaign.campaignData(includingExtension: true))
        #expect(!String(decoding: encoded, as: UTF8.self).contains("secret-user"), "user lists never leave the server")
        let decoded = try MarqueeJSON.decoder().decode(CampaignData.self, from: encoded).campaign()
        var expected = campaign
        expected.targeting = Targeting()
        #expect(decoded == expected)
    }

    @Test func aContainsItemConditionReachesOnlyClientsThatUnderstandIt() throws {
        var campaign = Campaign(id: "c", name: "Specific purchase", message: Message(kind: .modal, title: "Thanks"),
                                triggers: TriggerSet(triggers: [Trigger(.purchase, conditions: [
                                    AttributeCondition(name: PurchaseAttribute.itemIDList, type: .string, operator: .containsItem, value: "sku-1"),
                                ])]))
        #expect(campaign.requiredCapabilities == [.itemConditions, .campaignExtension])
        #expect(Capability.all.contains(.itemConditions), "the Marquee SDK declares it")
        campaign.status = .active
        let extended = campaign.campaignData(includingExtension: true)
        #expect(try extended.campaign().triggers == campaign.triggers, "the extension carries the condition whole")
    }

    @Test func requiredCapabilitiesNameEveryMarqueeOnlyFeature() {
        let base = Campaign(id: "c", name: "n", message: Message(kind: .modal, title: "t"), triggers: TriggerSet(triggers: [Trigger(.login)]))
        #expect(base.requiredCapabilities.isEmpty)
        var rich = base
        rich.message.kind = .video
        rich.message.header = "h"
        rich.triggers = TriggerSet(match: .any, triggers: [Trigger(.pushClick), Trigger(.rule, name: "all", occurrences: 2)])
        rich.delivery.priority = 1
        rich.delivery.frequencyCapIDs = ["x"]
        #expect(rich.requiredCapabilities == [.campaignExtension, .videoMessages, .messageHeader, .anyTriggers,
                                              .pushClickEvents, .ruleEvents, .triggerOccurrences, .priority, .frequencyCaps])
        var tooltip = base
        tooltip.message.kind = .tooltip
        #expect(tooltip.requiredCapabilities.contains(.tooltipMessages), "a tooltip without an image is not base-expressible")
        tooltip.message.image = MessageImage(url: "https://x.example/i.png")
        #expect(tooltip.requiredCapabilities.contains(.tooltipMessages), "nor one with text: base clients draw the image alone")
        tooltip.message.title = ""
        tooltip.message.body = nil
        tooltip.message.buttons = []
        #expect(tooltip.requiredCapabilities.isEmpty)
    }

    @Test func anExperimentNeedsWhatItsArmsNeedAndTheCapabilityToTravelWhole() throws {
        var campaign = Campaign(id: "c", name: "n", message: Message(kind: .modal, title: "t"),
                                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        campaign.experiment = Experiment(variants: [Variant(id: "a"), Variant(id: "b", message: Message(kind: .modal, title: "B"))],
                                         controlPercent: 10)
        campaign.goal = ConversionGoal(event: .purchase)
        #expect(campaign.requiredCapabilities.isEmpty, "every arm is a plain modal: base clients can be sent one")
        #expect(campaign.measuredCapabilities == [.experiments, .campaignExtension])
        campaign.experiment?.variants[1].message?.header = "Header"
        #expect(campaign.requiredCapabilities == [.messageHeader, .campaignExtension], "what the arms need, together")
        #expect(Capability.all.contains(.experiments), "the Marquee SDK declares it")
        // Each plain arm travels as an ordinary campaign; the whole one carries its experiment in the extension.
        let armB = try #require(campaign.resolved(for: .variant("b")))
        #expect(try armB.campaignData(includingExtension: false).campaign().experiment == nil)
        #expect(try campaign.campaignData(includingExtension: true).campaign().experiment == campaign.experiment)
        #expect(try campaign.campaignData(includingExtension: true).campaign().goal == campaign.goal)
    }

    @Test func aCampaignWithAnOversizedVariantIsSkippedByDevices() throws {
        var campaign = Campaign(id: "c", name: "n", message: Message(kind: .modal, title: "t"),
                                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        campaign.experiment = Experiment(variants: [
            Variant(id: "a"), Variant(id: "b", message: Message(kind: .modal, title: String(repeating: "x", count: 600))),
        ])
        let fine = Campaign(id: "d", name: "fine", message: Message(kind: .modal, title: "ok"), triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        let response = PingResponse(currentPingMillis: 1, nextPingMillis: 1000, data: [campaign, fine].map {
            CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true))
        })
        let read = try MarqueeJSON.decoder().decode(LenientPingResponse.self, from: MarqueeJSON.encoder().encode(response))
        #expect(read.campaigns.map(\.id) == ["d"])
        #expect(read.skipped.first?.contains("title") == true, "\(read.skipped)")
    }

    @Test func pushPrimersAreMarkedInCustomJSONAsRInAppMessagingReadsThem() throws {
        let buttons = [MessageButton(id: "later", text: "Later", action: MessageAction(.close)),
                       MessageButton(id: "allow", text: "Allow", action: MessageAction(.pushPrimer))]
        var campaign = Campaign(id: "p", name: "Primer", message: Message(
            kind: .modal, title: "Stay in touch", buttons: buttons, customJSON: .object(["background": .object(["opacity": .number(0.5)])])))
        let custom = try #require(campaign.campaignData(includingExtension: false).customJson?.objectValue)
        #expect(custom["pushPrimer"] == .object(["button": .number(2)]), "the 1-based index of the push-primer button")
        #expect(custom["background"] != nil, "the campaign's own custom JSON is kept")

        campaign.message.customJSON = nil
        campaign.message.buttons = [buttons[0]]
        #expect(campaign.campaignData(includingExtension: false).customJson == nil, "no marker without a push-primer button")
    }

    @Test func nestedGroupsFlattenOnlyWhenTheyMeanAnd() {
        let a = Trigger(.custom, name: "a"), b = Trigger(.custom, name: "b"), x = Trigger(.custom, name: "x")
        let nestedOr = TriggerSet(match: .all, triggers: [x], groups: [TriggerSet(match: .any, groups: [TriggerSet(match: .any, triggers: [a, b])])])
        #expect(nestedOr.flattenedConjunction == nil)
        let wrappedOr = TriggerSet(match: .any, groups: [TriggerSet(match: .any, triggers: [a, b])])
        #expect(wrappedOr.flattenedConjunction == nil)
        let wrappedAnd = TriggerSet(match: .any, groups: [TriggerSet(match: .all, triggers: [a, b])])
        #expect(wrappedAnd.flattenedConjunction == [a, b])
        let single = TriggerSet(match: .any, triggers: [a])
        #expect(single.flattenedConjunction == [a])
        var campaign = Campaign(id: "c", name: "n", message: Message(kind: .modal, title: "t"), triggers: nestedOr)
        #expect(campaign.requiredCapabilities.contains(.anyTriggers))
        campaign.triggers = wrappedAnd
        #expect(!campaign.requiredCapabilities.contains(.anyTriggers))
    }

    @Test func everyBaseCodeIsInRange() throws {
        for kind in MessageKind.allCases {
            let campaign = Campaign(id: "c", name: "n", message: Message(kind: kind, title: "t", textAlignment: .justified, orientation: .any),
                                    triggers: TriggerSet(triggers: [Trigger(.viewAppeared, name: "v")]))
            let data = campaign.campaignData(includingExtension: false)
            #expect(data.type != .invalid)
            #expect(data.messagePayload.resource.cropType != .invalid)
            #expect(data.messagePayload.messageSettings.displaySettings.orientation != .invalid)
            #expect(data.messagePayload.messageSettings.displaySettings.textAlign != .invalid)
            #expect(data.triggers?.allSatisfy { $0.eventType != .invalid } == true)
        }
    }
}
