import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// Pushes through the public SDK API: in-app messages they carry (Acoustic's `inApp`) held for
/// `executeRule`, push clicks, and push primers asking through the permission requester.
@MainActor
@Suite struct PushTests {
    /// An `inApp` payload for `rules`; dates are offsets in seconds from the harness clock's start.
    static func inApp(_ rules: [String], text: String = "Ten percent off", maxViews: Int? = nil,
                      triggerAfter: TimeInterval? = nil, expiresAfter: TimeInterval? = nil) -> [String: Any] {
        let start = ManualClock().now
        var inApp: [String: Any] = ["rules": rules, "template": "default", "content": ["text": text, "duration": 0]]
        if let maxViews { inApp["maxViews"] = maxViews }
        if let triggerAfter { inApp["triggerDate"] = MarqueeJSON.formatDate(start.addingTimeInterval(triggerAfter)) }
        if let expiresAfter { inApp["expirationDate"] = MarqueeJSON.formatDate(start.addingTimeInterval(expiresAfter)) }
        return ["aps": ["content-available": 1], "inApp": inApp]
    }

    static func started(_ harness: Harness) async -> RecordingPresenter {
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()
        return presenter
    }

    @Test func aPushedMessageShowsOnItsRuleFromItsTriggerDateForItsViewsAndNeverReachesTheServer() async throws {
        let harness = Harness()
        let presenter = await Self.started(harness)
        let handled = harness.sdk.handleNotification(Self.inApp(["offer"], maxViews: 2, triggerAfter: 3_600, expiresAfter: 86_400),
                                                     openedByUser: false)
        #expect(handled.heldMessageID?.hasPrefix("push-") == true && !handled.loggedPushClick)

        harness.sdk.executeRule(["offer"])
        await harness.sdk.waitUntilIdle()
        #expect(presenter.displayed.isEmpty, "not before its trigger date")

        await harness.advance(2 * 3_600)
        for _ in 0..<3 {
            harness.sdk.executeRule(["launch", "offer"])
            await harness.sdk.waitUntilIdle()
            if presenter.current != nil { presenter.finish(PresentationResult(.userDismissed)) }
            await harness.sdk.waitUntilIdle()
        }
        #expect(presenter.displayed.map(\.id) == [handled.heldMessageID, handled.heldMessageID], "maxViews 2")
        #expect(presenter.displayed.first?.message.kind == .banner && presenter.displayed.first?.message.title == "Ten percent off")
        #expect(await harness.sdk.state().heldMessages.isEmpty, "used up, so no longer held")
        #expect(harness.server.requests(to: "impression").isEmpty && harness.server.requests(to: "display_permission").isEmpty)
    }

    @Test func anExpiredMessageIsNotShown() async throws {
        let harness = Harness()
        let presenter = await Self.started(harness)
        harness.sdk.handleNotification(Self.inApp(["offer"], expiresAfter: 600), openedByUser: false)
        await harness.advance(601)
        harness.sdk.executeRule(["offer"])
        await harness.sdk.waitUntilIdle()
        #expect(presenter.displayed.isEmpty)
    }

    @Test func executeRuleShowsTheOldestHeldMessageForTheRule() async throws {
        let harness = Harness()
        let presenter = await Self.started(harness)
        let first = harness.sdk.handleNotification(Self.inApp(["launch"], text: "First"), openedByUser: false)
        await harness.advance(10)
        let second = harness.sdk.handleNotification(Self.inApp(["launch", "all"], text: "Second"), openedByUser: false)

        harness.sdk.executeRule(["launch"])
        await harness.sdk.waitUntilIdle()
        #expect(presenter.onScreen.map(\.id) == [first.heldMessageID], "one message, the oldest")
        presenter.finish(PresentationResult(.userDismissed))
        harness.sdk.executeRule(["all"])
        await harness.sdk.waitUntilIdle()
        #expect(presenter.displayed.map(\.id) == [first.heldMessageID, second.heldMessageID])
    }

    @Test func underOldestOnlyARuleShowsOneMessageTheOldestHeldElseTheFirstListed() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("listed-1", [Trigger(.rule, name: "offer")], maxImpressions: 9),
                                          Fixture.campaign("listed-2", [Trigger(.rule, name: "offer")], maxImpressions: 9)])
        harness.sdk.ruleDeliveryMode = .oldestOnly
        let presenter = await Self.started(harness)
        let held = harness.sdk.handleNotification(Self.inApp(["launch"]), openedByUser: false)

        func run(_ rules: [String]) async {
            harness.sdk.executeRule(rules)
            await harness.sdk.waitUntilIdle()
            if presenter.current != nil { presenter.finish(PresentationResult(.userDismissed)) }
            await harness.advance(1)
        }
        await run(["offer", "launch"])
        #expect(presenter.displayed.map(\.id) == [held.heldMessageID], "one message: the one a push delivered")
        await run(["offer", "launch"])
        #expect(presenter.displayed.map(\.id).dropFirst() == ["listed-1"], "then the first listed campaign, alone")

        harness.sdk.ruleDeliveryMode = .everyMatching
        harness.sdk.executeRule(["offer"])
        await harness.sdk.waitUntilIdle()
        for _ in 0..<2 {
            presenter.finish(PresentationResult(.userDismissed))
            await harness.advance(1)
        }
        #expect(presenter.displayed.map(\.id).dropFirst(2) == ["listed-1", "listed-2"], "every matching one, in turn")
    }

    @Test func theSamePushTwiceIsOneMessageAndHeldMessagesSurviveARelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = Harness(directory: directory)
        _ = await Self.started(harness)
        let payload = Self.inApp(["offer"], maxViews: 3)
        let first = harness.sdk.handleNotification(payload, openedByUser: false)
        let again = harness.sdk.handleNotification(payload, openedByUser: false)
        #expect(first.heldMessageID == again.heldMessageID)
        #expect(await harness.sdk.state().heldMessages.map(\.impressionsLeft) == [3])

        let relaunched = Harness(directory: directory)
        let presenter = await Self.started(relaunched)
        #expect(await relaunched.sdk.state().heldMessages.map(\.id) == [first.heldMessageID].compactMap { $0 })
        relaunched.sdk.executeRule(["offer"])
        await relaunched.sdk.waitUntilIdle()
        #expect(presenter.displayed.map(\.id) == [first.heldMessageID])
    }

    @Test func openingTheAppFromAPushLogsAPushClickWithItsCampaign() async throws {
        let harness = Harness(campaigns: [
            Fixture.campaign("after-push", [Trigger(.pushClick, conditions: [
                AttributeCondition(name: "campaign", type: .string, operator: .equals, value: "spring")])]),
        ])
        let presenter = await Self.started(harness)
        let unrelated = harness.sdk.handleNotification(["pushId": "autumn"])
        await harness.sdk.waitUntilIdle()
        #expect(unrelated.loggedPushClick && unrelated.pushID == "autumn")
        #expect(presenter.displayed.isEmpty)

        // A push whose in-app message is unreadable still counts as opened; the problem is reported.
        let handled = harness.sdk.handleNotification(["marquee": ["campaignID": "spring"], "inApp": ["rules": ["a"], "template": "carousel"]])
        await harness.sdk.waitUntilIdle()
        #expect(handled.pushID == "spring" && handled.heldMessageID == nil)
        #expect(presenter.displayed.map(\.id) == ["after-push"])
        #expect(harness.errors.errors.contains { if case .invalidPushMessage(let reason) = $0 { reason.contains("template") } else { false } })
    }

    // MARK: - Push primers

    final class StubRequester: PushPermissionRequester, @unchecked Sendable {
        private let lock = NSLock()
        private var _requests = 0
        private var _registrations = 0
        let authorization: PushAuthorization
        let answer: Result<Bool, StubError>

        struct StubError: Error {}

        init(_ authorization: PushAuthorization = .notDetermined, answer: Result<Bool, StubError> = .success(true)) {
            self.authorization = authorization
            self.answer = answer
        }

        var requests: Int { lock.withLock { _requests } }
        var registrations: Int { lock.withLock { _registrations } }
        func currentAuthorization() async -> PushAuthorization { authorization }
        func requestAuthorization() async throws -> Bool {
            lock.withLock { _requests += 1 }
            return try answer.get()
        }
        func registerForRemoteNotifications() async { lock.withLock { _registrations += 1 } }
    }

    @MainActor
    final class PushDelegate: MarqueeDelegate {
        var answers: [Bool] = []
        var registrations: [PushRegistration] = []
        var asked = 0
        var grants = true
        func marquee(didRequestPushPermission granted: Bool) { answers.append(granted) }
        func marquee(didRegisterForPush registration: PushRegistration) { registrations.append(registration) }
        func marqueeRequestsPushPermission() async -> Bool {
            asked += 1
            return grants
        }
    }

    static let primer = Fixture.campaign("primer", [Trigger(.login)], maxImpressions: 2, buttons: [
        MessageButton(id: "allow", text: "Turn on notifications", action: MessageAction(.pushPrimer)),
        MessageButton(id: "later", text: "Not now"),
    ])

    /// A started device holding the primer, with `requester` (none: the delegate answers).
    static func primerDevice(requester: StubRequester?) async -> (Harness, PushDelegate, RecordingPresenter) {
        let harness = Harness(campaigns: [primer])
        harness.sdk.pushPermissionRequester = requester
        let delegate = PushDelegate()
        harness.sdk.delegate = delegate
        return (harness, delegate, await started(harness))
    }

    /// Shows the primer (its trigger is a login) and taps `button`.
    static func tap(_ button: String, on harness: Harness, _ presenter: RecordingPresenter) async {
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.buttonClick(id: button)))
        await harness.sdk.waitUntilIdle()
    }

    @Test(arguments: [true, false])
    func aPushPrimerButtonAsksTheRequesterAndTellsTheDelegate(_ grants: Bool) async throws {
        let requester = StubRequester(answer: .success(grants))
        let (harness, delegate, presenter) = await Self.primerDevice(requester: requester)
        await Self.tap("allow", on: harness, presenter)

        #expect(presenter.displayed.map(\.id) == ["primer"])
        #expect(requester.requests == 1)
        #expect(delegate.answers == [grants])
        #expect(delegate.asked == 0, "the requester answered, not the delegate")
        #expect(requester.registrations == (grants ? 1 : 0), "registers for remote notifications only once allowed")
    }

    @Test func theRegistrationsOutcomeReachesTheDelegate() async throws {
        let requester = StubRequester(answer: .success(true))
        let (harness, delegate, presenter) = await Self.primerDevice(requester: requester)
        await Self.tap("allow", on: harness, presenter)
        #expect(requester.registrations == 1)

        // What the app's UIApplicationDelegate hands over.
        harness.sdk.didRegisterForRemoteNotifications(deviceToken: Data([0x0a, 0xff, 0x01]))
        harness.sdk.didFailToRegisterForRemoteNotifications(error: URLError(.notConnectedToInternet))
        await harness.sdk.waitUntilIdle()

        #expect(delegate.registrations.count == 2)
        #expect(delegate.registrations.first == .registered(deviceToken: Data([0x0a, 0xff, 0x01])))
        #expect(delegate.registrations.first?.deviceTokenHex == "0aff01")
        guard case .failed(let reason)? = delegate.registrations.last else {
            Issue.record("the failure was not reported")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func anotherButtonAsksNothingAndAFailedRequestIsReported() async throws {
        let requester = StubRequester(answer: .failure(StubRequester.StubError()))
        let (harness, delegate, presenter) = await Self.primerDevice(requester: requester)
        await Self.tap("later", on: harness, presenter)
        #expect(requester.requests == 0)

        await Self.tap("allow", on: harness, presenter)
        #expect(requester.requests == 1 && delegate.answers.isEmpty)
        #expect(harness.errors.errors.contains { if case .pushPermission = $0 { true } else { false } })
    }

    @Test func aUserWhoAlreadyAllowsNotificationsIsNotShownThePrimer() async throws {
        let harness = Harness(campaigns: [Self.primer, Fixture.campaign("welcome", [Trigger(.login)])])
        harness.sdk.pushPermissionRequester = StubRequester(.authorized)
        let presenter = await Self.started(harness)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["welcome"], "the primer is skipped, the next message shows")
        #expect(await harness.sdk.state().campaigns.first { $0.id == "primer" }?.impressionsLeft == 2, "and is not counted")
    }

    @Test func withoutARequesterTheDelegateIsAsked() async throws {
        let (harness, delegate, presenter) = await Self.primerDevice(requester: nil)
        await Self.tap("allow", on: harness, presenter)

        #expect(delegate.asked == 1 && delegate.answers == [true])
    }
}
