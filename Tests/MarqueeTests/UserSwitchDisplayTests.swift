import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// A display belongs to the user it was shown to, even when it ends after the app switched users.
@MainActor
@Suite struct UserSwitchDisplayTests {
    @Test func aDisplayEndingAfterAUserSwitchIsChargedToTheUserWhoSawIt() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)], maxImpressions: 3, showsOptOut: true)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(TestUser(userID: "alice"))
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        harness.sdk.registerPreference(TestUser(userID: "bob", accessToken: "bob-token"))
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed, optedOut: true))
        let bob = await harness.sdk.state()
        harness.sdk.registerPreference(TestUser(userID: "alice"))
        let alice = await harness.sdk.state()

        let impression = try #require(harness.impressionBodies().first)
        #expect(impression.userIdentifiers == [UserIdentifierDTO(id: "alice", type: .userID)])
        #expect(harness.server.requests(to: "impression").first?.headers["Authorization"] == nil,
                "bob's token is not sent with alice's impression")
        #expect(bob.identity.userID == "bob")
        #expect(bob.campaigns.first { $0.id == "a" }?.impressionsLeft == 3)
        #expect(bob.campaigns.first { $0.id == "a" }?.isOptedOut == false)
        #expect(alice.campaigns.first { $0.id == "a" }?.impressionsLeft == 2)
        #expect(alice.campaigns.first { $0.id == "a" }?.isOptedOut == true)
    }

    @Test func aDisplayEndingAfterAUserSwitchIsSavedInThatUsersFile() async {
        let campaign = Fixture.campaign("a", [Trigger(.login)], maxImpressions: 3)
        let harness = Harness(campaigns: [campaign])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(TestUser(userID: "alice"))
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        harness.sdk.registerPreference(TestUser(userID: "bob"))
        await harness.sdk.waitUntilIdle()

        presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()
        harness.server.set("ping", .failure)
        let relaunched = Harness(directory: harness.directory, server: harness.server)
        relaunched.sdk.registerPreference(TestUser(userID: "alice"))
        await relaunched.start()

        #expect(await relaunched.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 2)
    }
}
