import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// Placements show the best eligible embedded campaign: the highest priority, then the newest;
/// an impression uses up the campaign's limit and the placement moves on; triggers never show
/// embedded campaigns over the app.
@MainActor
@Suite struct PlacementTests {
    static func embedded(_ id: String, placement: String = "home.top", priority: Int = 0, maxImpressions: Int = 1) -> Campaign {
        var campaign = Fixture.campaign(id, priority: priority, maxImpressions: maxImpressions,
                                        buttons: [MessageButton(id: "go", text: "Go"), MessageButton(id: "later", text: "Later")])
        campaign.channel = .embedded
        campaign.placement = placement
        return campaign
    }

    @Test func theHighestPriorityThenTheNewestIsChosen() {
        let campaigns = [Self.embedded("old", priority: 1), Self.embedded("new", priority: 1), Self.embedded("low"),
                         Self.embedded("elsewhere", placement: "cart", priority: 9), Fixture.campaign("overlay", priority: 9)]
        #expect(PlacementSelection.best(for: "home.top", in: campaigns) { _ in true }?.id == "new",
                "the server lists equal priorities oldest first")
        #expect(PlacementSelection.best(for: "home.top", in: campaigns) { $0.id != "new" }?.id == "old")
        #expect(PlacementSelection.best(for: "home.top", in: campaigns) { $0.id == "low" }?.id == "low")
        #expect(PlacementSelection.best(for: "cart", in: campaigns) { _ in true }?.id == "elsewhere")
        #expect(PlacementSelection.best(for: "footer", in: campaigns) { _ in true } == nil)
    }

    @Test func anImpressionUsesUpTheLimitAndThePlacementMovesOn() async throws {
        let harness = Harness(campaigns: [Self.embedded("sale", priority: 10), Self.embedded("welcome", maxImpressions: 3)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(AppStartEvent())
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current == nil, "embedded campaigns never show over the app, whatever their triggers")

        var changes = harness.sdk.placements.changes(for: "home.top").makeAsyncIterator()
        let first = try #require(await changes.next() ?? nil)
        #expect(first.campaignID == "sale")
        #expect(first.message.buttons.map(\.id) == ["go", "later"], "the whole message, not its summary")
        #expect(await harness.sdk.placements.content(for: "footer") == nil)

        #expect(await harness.sdk.placements.recordClick(first, buttonID: "later"))
        #expect(await harness.sdk.placements.recordImpression(first))
        let next = try #require(await changes.next() ?? nil)
        #expect(next.campaignID == "welcome", "the sale's one impression is used up")
        #expect(await harness.sdk.placements.recordImpression(first) == false, "no impression left to count")
        #expect(await harness.sdk.placements.content(for: "home.top")?.campaignID == "welcome")

        await harness.sdk.waitUntilIdle()
        let sent = harness.impressionBodies().map { "\($0.campaignId):\($0.impressions.map(\.type.rawValue))" }
        #expect(sent == ["sale:[\(ImpressionTypeCode.actionTwo.rawValue)]", "sale:[\(ImpressionTypeCode.impression.rawValue)]"])
    }

    @Test func aTappedButtonLogsItsEventAsAMessagesButtonDoes() async throws {
        var card = Self.embedded("card")
        card.message.buttons = [MessageButton(id: "go", text: "Go", action: MessageAction(.deepLink, uri: "shop://sale",
                                                                                          logsEvent: EmittedEvent(name: "card_tapped")))]
        let followUp = Fixture.campaign("follow-up", [Trigger(.custom, name: "card_tapped")])
        let harness = Harness(campaigns: [card, followUp])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        let content = try #require(await harness.sdk.placements.content(for: "home.top"))
        #expect(await harness.sdk.placements.recordClick(content, buttonID: "go"))
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.id == "follow-up", "the event the button logs triggers the next campaign")
        harness.sdk.isEnabled = false
        #expect(await harness.sdk.placements.content(for: "home.top") == nil, "a disabled SDK shows nothing")
        #expect(await harness.sdk.placements.recordImpression(content) == false)
    }

    @Test func halfOnScreenCountsAsSeen() {
        let screen = PlacementVisibility.Frame(x: 0, y: 0, width: 390, height: 844)
        let card = { (y: Double) in PlacementVisibility.Frame(x: 10, y: y, width: 370, height: 200) }
        #expect(PlacementVisibility.fraction(of: card(100), within: screen) == 1)
        #expect(PlacementVisibility.fraction(of: card(744), within: screen) == 0.5)
        #expect(PlacementVisibility.countsAsSeen(content: card(744), visible: screen))
        #expect(!PlacementVisibility.countsAsSeen(content: card(745), visible: screen))
        #expect(PlacementVisibility.fraction(of: card(-150), within: screen) == 0.25)
        #expect(PlacementVisibility.fraction(of: card(900), within: screen) == 0)
        #expect(PlacementVisibility.fraction(of: PlacementVisibility.Frame(x: 0, y: 0, width: 0, height: 0), within: screen) == 0)
    }
}
