import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeWire
import Testing

/// Placeholders filled from the user's profile: ``UserInfoProvider/attributes`` read when a
/// message is readied, over the presenter's own values, escaped by the renderer.
@MainActor
@Suite struct ProfilePersonalizationTests {
    final class Profile: UserInfoProvider, @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: String]
        init(_ values: [String: String]) { self.values = values }
        var userID: String? { "user-1" }
        var idTrackingIdentifier: String? { nil }
        var accessToken: String? { nil }
        var attributes: [String: String] {
            get { lock.withLock { values } }
            set { lock.withLock { values = newValue } }
        }
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ line: String) { lock.withLock { list.append(line) } }
        var text: String { lock.withLock { list.joined(separator: "\n") } }
    }

    static func greeting(kind: MessageKind = .modal) -> Campaign {
        var campaign = Fixture.campaign("greeting", [Trigger(.login)], maxImpressions: 5)
        campaign.message.title = "Hello %%first_name|there%%"
        campaign.message.body = "Your %%tier|standard%% plan in %%city|your city%%"
        campaign.message.kind = kind
        if kind == .html { campaign.message.html = "<p>Hi %%first_name|there%%</p>" }
        return campaign
    }

    @Test func theUsersAttributesFillPlaceholdersOverThePresentersAndAreReadAtDisplayTime() async throws {
        let harness = Harness(campaigns: [Self.greeting()])
        let profile = Profile(["first_name": "Ada", "city": ""])
        let lines = Lines()
        let presenter = TerminalPresenter(width: 60, personalization: ["first_name": "Guest", "city": "Paris"]) { lines.append($0) }
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(profile)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.personalization == ["first_name": "Ada"], "an empty value counts as none")
        #expect(lines.text.contains("Hello Ada"), "the user's value wins over the presenter's: \(lines.text)")
        #expect(lines.text.contains("Your standard plan in Paris"), "an empty value leaves the presenter's, a missing one the fallback")
        try presenter.choose(.close)

        profile.attributes = ["first_name": "Grace"]
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(lines.text.contains("Hello Grace"), "read again for the next display")
    }

    @Test func theServersValuesFillWhatTheAppDoesNotAndAreKeptWithTheUser() async throws {
        let response = PingResponse(
            currentPingMillis: 1_800_000_000_000, nextPingMillis: 3_600_000,
            data: [CampaignEnvelope(campaignData: Self.greeting().campaignData(includingExtension: true))],
            marquee: PingExtension(frequencyCaps: [], userAttributes: ["first_name": "Server Ada", "tier": "gold"]))
        let harness = Harness()
        harness.server.set("ping", .status(200, try MarqueeJSON.encoder().encode(response)))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(Profile(["first_name": "Ada", "city": ""]))
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.personalization == ["first_name": "Ada", "tier": "gold"],
                "the app's own value wins; the server's fills the rest; an empty one is none")
        #expect(await harness.sdk.core.bucket.serverAttributes == ["first_name": "Server Ada", "tier": "gold"], "kept with the user's bucket")
    }

    @Test(arguments: [MessageKind.modal, .html])
    func valuesAreTextAndNeverMarkup(_ kind: MessageKind) async throws {
        let harness = Harness(campaigns: [Self.greeting(kind: kind)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(Profile(["first_name": "<b>Ada</b> & co"]))
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let shown = try #require(presenter.current)
        let html = HTMLRenderer(options: RenderOptions(personalization: shown.personalization(over: [:]))).render(shown.message)
        #expect(html.contains("&lt;b&gt;Ada&lt;/b&gt; &amp; co"))
        #expect(!html.contains("<b>Ada</b>"))
    }

    @Test func withoutAttributesTheFallbacksShow() async throws {
        struct Anonymous: UserInfoProvider {
            var userID: String? { nil }
            var idTrackingIdentifier: String? { nil }
            var accessToken: String? { nil }
        }
        #expect(Anonymous().attributes.isEmpty, "attributes are optional")
        let harness = Harness(campaigns: [Self.greeting()])
        let lines = Lines()
        let presenter = TerminalPresenter(width: 60) { lines.append($0) }
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(Anonymous())
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(lines.text.contains("Hello there") && lines.text.contains("Your standard plan in your city"))
    }
}
