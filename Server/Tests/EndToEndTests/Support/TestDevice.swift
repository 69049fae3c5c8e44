import Foundation
import Marquee
import MarqueeModel
import Testing

/// One installation of an app on one device: an SDK instance with a manual clock, a recording
/// presenter and its own storage directory, talking to a live server over loopback HTTP.
///
/// ``relaunch(at:)`` starts a new SDK instance on the same storage directory and device id, as when
/// the app is quit and opened again; the old instance is left idle on its own clock.
@MainActor
final class TestDevice {
    let sdk: MarqueeSDK
    let presenter = RecordingPresenter()
    let clock: Marquee.ManualClock
    let directory: URL
    let deviceID: String
    let errors = ErrorRecorder()

    init(directory: URL = TestDevice.freshDirectory(), deviceID: String = "e2e-device-\(UUID().uuidString)",
         clock: Marquee.ManualClock = Marquee.ManualClock(start: TestTime.start), locale: String = "en_US",
         transport: any HTTPTransport = URLSessionTransport(timeout: 120)) {
        self.directory = directory
        self.deviceID = deviceID
        self.clock = clock
        // The suite runs many tests at once: on a loaded machine an answer may take longer than
        // the protocol's 20 seconds (the default transport's timeout is 120 s), and a request
        // given up on would lose what it carried.
        let environment = MarqueeEnvironment(
            clock: clock, transport: transport, storageDirectory: directory,
            app: AppInfo(appID: "com.example.e2e", appVersion: "2.1.0", locale: locale, deviceID: deviceID),
            buildConfiguration: BuildConfiguration())
        sdk = MarqueeSDK(environment: environment)
        sdk.displayInterval = 0
        let errors = self.errors
        sdk.errorCallback = { errors.append($0) }
        sdk.register(presenter: presenter)
    }

    /// A new, empty storage directory under the system's temporary directory.
    nonisolated static func freshDirectory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-e2e-\(UUID().uuidString)", isDirectory: true)
    }

    /// The same app opened again on this device, `later` seconds after this launch's clock.
    func relaunch(later seconds: TimeInterval = 60) -> TestDevice {
        TestDevice(directory: directory, deviceID: deviceID,
                   clock: Marquee.ManualClock(start: clock.now.addingTimeInterval(seconds)))
    }

    /// Configures the SDK with the server at `configurationURL` (optionally as `user`, with the
    /// tooltip feature when `tooltips`) and waits for
    /// the configuration and first ping, or for their failure when the server is unreachable.
    func start(with configurationURL: URL, subscriptionID: String, user: (any UserInfoProvider)? = nil, tooltips: Bool = false) async {
        if let user { sdk.registerPreference(user) }
        sdk.configure(subscriptionID: subscriptionID, configurationURL: configurationURL, enableTooltipFeature: tooltips)
        await sdk.waitUntilIdle()
    }

    /// Logs `event` and waits until everything it started (display permission, display) has finished.
    func log(_ event: any MarqueeEvent) async {
        sdk.logEvent(event)
        await sdk.waitUntilIdle()
    }

    /// Ends the message on screen as the user would, and waits until its impressions were sent
    /// (or queued in the outbox when the server is unreachable).
    func finish(_ result: PresentationResult, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try #require(presenter.current != nil, "no message is on screen to finish", sourceLocation: sourceLocation)
        presenter.finish(result)
        await sdk.waitUntilIdle()
    }

    /// Lets earlier calls finish, moves the clock by `seconds` and runs what came due (retries, pings).
    func advance(by seconds: TimeInterval) async {
        await sdk.waitUntilIdle()
        clock.advance(by: seconds)
        await sdk.waitUntilIdle()
    }

    /// The ids of the messages displayed so far, in order.
    var displayedIDs: [String] { presenter.displayed.map(\.id) }

    /// Removes the storage directory.
    func removeStorage() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A user as the app reports it through ``UserInfoProvider``.
struct TestUser: UserInfoProvider {
    var userID: String?
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
}

/// The errors an SDK instance reported.
// @unchecked Sendable: the list is read and written only while `lock` is held.
final class ErrorRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [MarqueeError] = []

    func append(_ error: MarqueeError) { lock.withLock { list.append(error) } }
    var errors: [MarqueeError] { lock.withLock { list } }

    /// Whether a request to `endpoint` failed to reach the server.
    func containsTransportFailure(of endpoint: String) -> Bool {
        errors.contains { if case .transport(endpoint, _) = $0 { true } else { false } }
    }
}

/// Campaigns as a dashboard user would create them through the admin API.
enum CampaignDraft {
    static let okButton = MessageButton(id: "ok", text: "OK")

    static func make(_ name: String, kind: MessageKind = .modal, triggers: [Trigger] = [Trigger(.appStart)],
                     maxImpressions: Int = 1, isTest: Bool = false, buttons: [MessageButton] = [okButton],
                     showsOptOut: Bool = false, targeting: Targeting = Targeting()) -> Campaign {
        Campaign(id: "", name: name, status: .active, isTest: isTest,
                 message: Message(kind: kind, title: name, body: "Body of \(name)", buttons: buttons,
                                  showsOptOut: showsOptOut,
                                  banner: kind == .banner ? BannerSettings(placement: .top, icon: .offer) : nil),
                 triggers: TriggerSet(triggers: triggers),
                 delivery: DeliveryRules(maxImpressions: maxImpressions),
                 targeting: targeting)
    }
}
