import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// The display scheduler's rules, without an SDK: slots, order, interval, retries and tooltips.
@Suite struct DisplaySchedulerTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let user = UserIdentity(userID: "u1")

    static func tooltip(_ id: String, on element: String) -> Campaign {
        var campaign = Fixture.campaign(id, kind: .tooltip)
        campaign.message.tooltip = TooltipSettings(targetElementID: element)
        return campaign
    }

    @Test func oneMessageAtATimeHighestPriorityFirst() {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("low", priority: 1), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("high", priority: 5), for: user, at: t0)

        let first = scheduler.claimNextMessage(order: .fifo, at: t0)
        let whileShowing = scheduler.claimNextMessage(order: .fifo, at: t0)

        #expect(first?.item.campaign.id == "high")
        #expect(first?.item.identity == user)
        #expect(whileShowing == nil)
        #expect(scheduler.nextMessageStart() == nil, "the slot is taken")
        #expect(scheduler.message?.token == first?.token)
    }

    @Test func equalPrioritiesFollowTheQueueOrder() {
        var fifo = DisplayScheduler()
        for id in ["a", "b", "c"] { fifo.enqueue(Fixture.campaign(id), for: user, at: t0) }
        var lifo = fifo

        #expect(fifo.claimNextMessage(order: .fifo, at: t0)?.item.campaign.id == "a")
        #expect(lifo.claimNextMessage(order: .lifo, at: t0)?.item.campaign.id == "c")
        #expect(fifo.waiting(.fifo).map(\.campaign.id) == ["b", "c"])
    }

    @Test func aCampaignAlreadyWaitingIsNotQueuedTwiceButLocalMessagesAre() {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("a"), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("a"), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("local"), for: user, isLocal: true, at: t0)
        scheduler.enqueue(Fixture.campaign("local"), for: user, isLocal: true, at: t0)

        #expect(scheduler.waiting(.fifo).map(\.campaign.id) == ["a", "local", "local"])
    }

    @Test func theNextMessageWaitsForTheLongerOfIntervalAndDelayAfterClose() throws {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("a", delayAfterCloseMillis: 45_000), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("b"), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("c"), for: user, at: t0)
        let claimedA = scheduler.claimNextMessage(order: .fifo, at: t0)
        let a = try #require(claimedA)

        #expect(scheduler.release(a.token)?.token == a.token)
        scheduler.ended(a, at: t0, displayInterval: 30)
        let early = scheduler.claimNextMessage(order: .fifo, at: t0.addingTimeInterval(44))
        let wake = scheduler.nextMessageStart()
        let claimedB = scheduler.claimNextMessage(order: .fifo, at: t0.addingTimeInterval(45))
        let b = try #require(claimedB)
        _ = scheduler.release(b.token)
        scheduler.ended(b, at: t0.addingTimeInterval(50), displayInterval: 30)

        #expect(early == nil)
        #expect(wake == t0.addingTimeInterval(45))
        #expect(b.item.campaign.id == "b")
        #expect(scheduler.nextMessageStart() == t0.addingTimeInterval(80), "then the display interval")
    }

    @Test func aMessagePutBackWaitsForItsRetryTimeAndKeepsItsPlace() throws {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("a"), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("b"), for: user, at: t0)
        let claimedA = scheduler.claimNextMessage(order: .fifo, at: t0)
        let a = try #require(claimedA)
        _ = scheduler.release(a.token)

        scheduler.retry(a.item, at: t0.addingTimeInterval(10))
        let claimedB = scheduler.claimNextMessage(order: .fifo, at: t0)
        let b = try #require(claimedB)
        _ = scheduler.release(b.token)
        let beforeRetry = scheduler.claimNextMessage(order: .fifo, at: t0.addingTimeInterval(9))
        let wake = scheduler.nextMessageStart()

        #expect(b.item.campaign.id == "b")
        #expect(beforeRetry == nil)
        #expect(wake == t0.addingTimeInterval(10))
        #expect(scheduler.claimNextMessage(order: .fifo, at: t0.addingTimeInterval(10))?.item.campaign.id == "a")
    }

    @Test func tooltipsShowBesideTheMessageOnePerElementAndIgnoreTheInterval() throws {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("modal"), for: user, at: t0)
        scheduler.enqueue(Self.tooltip("cart-1", on: "cart"), for: user, at: t0)
        scheduler.enqueue(Self.tooltip("cart-2", on: "cart"), for: user, at: t0)
        scheduler.enqueue(Self.tooltip("menu", on: "menu"), for: user, at: t0)

        let claimedModal = scheduler.claimNextMessage(order: .fifo, at: t0)
        let modal = try #require(claimedModal)
        let tooltips = scheduler.claimTooltips(order: .fifo, at: t0)
        let cart = try #require(tooltips.first { $0.item.campaign.id == "cart-1" })
        _ = scheduler.release(cart.token)
        scheduler.ended(cart, at: t0, displayInterval: 30)
        let next = scheduler.claimTooltips(order: .fifo, at: t0)

        #expect(modal.item.campaign.id == "modal")
        #expect(tooltips.map(\.item.campaign.id) == ["cart-1", "menu"])
        #expect(scheduler.tooltipToken(on: "menu") != nil)
        #expect(next.map(\.item.campaign.id) == ["cart-2"], "a tooltip ending starts no interval")
        #expect(Set([modal.token] + tooltips.map(\.token) + next.map(\.token)).count == 4, "every display has its own token")
    }

    @Test func aReleasedDisplayIsGoneAndUpdatesToItAreIgnored() throws {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("a"), for: user, at: t0)
        let claimedA = scheduler.claimNextMessage(order: .fifo, at: t0)
        let a = try #require(claimedA)

        scheduler.update(a.token) { $0.shownAt = self.t0 }
        let shown = scheduler.display(a.token)?.shownAt
        _ = scheduler.release(a.token)
        scheduler.update(a.token) { $0.shownAt = nil }

        #expect(shown == t0)
        #expect(scheduler.display(a.token) == nil)
        #expect(scheduler.release(a.token) == nil)
        #expect(scheduler.message == nil)
    }

    @Test func removingWaitingMessagesKeepsTooltipsUnlessAllAreRemoved() {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("a"), for: user, at: t0)
        scheduler.enqueue(Self.tooltip("tip", on: "cart"), for: user, at: t0)

        scheduler.removeWaitingMessages()
        let afterMessages = scheduler.waiting(.fifo).map(\.campaign.id)
        scheduler.removeAllWaiting()

        #expect(afterMessages == ["tip"])
        #expect(scheduler.waiting(.fifo).isEmpty)
        #expect(scheduler.nextMessageStart() == nil)
    }

    @Test func immediateMessagesDoNotWaitForTheSlotNorStartTheInterval() {
        var scheduler = DisplayScheduler()
        scheduler.enqueue(Fixture.campaign("modal"), for: user, at: t0)
        scheduler.enqueue(Fixture.campaign("banner", kind: .banner), for: user, at: t0, coordinator: .immediate)

        let slot = scheduler.claimNextMessage(order: .fifo, at: t0)
        let beside = scheduler.claimImmediate(order: .fifo, at: t0)
        let ended = scheduler.release(beside[0].token)
        scheduler.ended(ended!, at: t0, displayInterval: 30)

        #expect(slot?.item.campaign.id == "modal")
        #expect(beside.map(\.item.campaign.id) == ["banner"])
        #expect(scheduler.nextDisplayAt == .distantPast, "an immediate message starts no interval")
    }
}
