import Foundation
import Marquee
import MarqueeModel
import Testing

/// Triggers authored through the admin API, evaluated by the SDK on the events the app logs.
@MainActor
@Suite struct TriggerTests {
    @Test func attributeConditionsPurchaseTriggersAndButtonEventsShowTheRightMessages() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let levelUp = try await server.createCampaign(CampaignDraft.make(
                "Level up",
                triggers: [Trigger(.custom, name: "level_up",
                                   conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "3")])],
                buttons: [MessageButton(id: "later", text: "Later"),
                          MessageButton(id: "tour", text: "Take the tour",
                                        action: MessageAction(.close, logsEvent: EmittedEvent(name: "tour_requested")))]),
                in: app)
            let tour = try await server.createCampaign(
                CampaignDraft.make("Tour", triggers: [Trigger(.custom, name: "tour_requested")]), in: app)
            let yenBuyer = try await server.createCampaign(CampaignDraft.make(
                "Thanks for buying in yen",
                triggers: [Trigger(.purchase, conditions: [
                    AttributeCondition(name: PurchaseAttribute.currencyCode, type: .string, operator: .equals, value: "JPY"),
                    AttributeCondition(name: PurchaseAttribute.amountMicros, type: .integer, operator: .greaterThan,
                                       value: "1000000000"),
                ])]),
                in: app)

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)

            // Events whose attributes miss the conditions show nothing.
            await device.log(CustomEvent(name: "level_up", attributes: [CustomAttribute(name: "level", value: 2)]))
            await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 5_000_000_000, currencyCode: "USD"))
            await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 500_000_000, currencyCode: "JPY"))
            #expect(device.presenter.displayed.isEmpty)

            // A matching custom event shows its campaign; its second button logs the event of the next one.
            await device.log(CustomEvent(name: "level_up", attributes: [CustomAttribute(name: "level", value: 5)]))
            #expect(device.displayedIDs == [levelUp.id])
            try await device.finish(PresentationResult(.buttonClick(id: "tour")))
            #expect(device.displayedIDs == [levelUp.id, tour.id])
            try await device.finish(PresentationResult(.userDismissed))

            // A purchase in yen above the amount shows the purchase campaign.
            await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 2_000_000_000, numberOfItems: 1,
                                                     currencyCode: "JPY", itemIDs: ["sku-1"]))
            #expect(device.displayedIDs == [levelUp.id, tour.id, yenBuyer.id])
            try await device.finish(PresentationResult(.buttonClick(id: "ok")))
            #expect(device.presenter.current == nil)

            let levelStats = try await server.stats(of: levelUp, in: app)
            #expect(levelStats.impressions == 1)
            #expect(levelStats.buttonOneClicks == 0)
            #expect(levelStats.buttonTwoClicks == 1)
            let tourStats = try await server.stats(of: tour, in: app)
            #expect(tourStats.impressions == 1)
            #expect(tourStats.exits == 1)
            let yenStats = try await server.stats(of: yenBuyer, in: app)
            #expect(yenStats.impressions == 1)
            #expect(yenStats.buttonOneClicks == 1)
        }
    }
}
