import Foundation
import MarqueeModel

/// The Marquee SDK: configure it once, log events, and it shows the campaigns they trigger.
///
/// ```swift
/// MarqueeSDK.shared.configure(subscriptionID: "my-app", configurationURL: URL(string: "https://marquee.example.com/v1/config"))
/// MarqueeSDK.shared.logEvent(AppStartEvent())
/// ```
///
/// Every method may be called from any thread and returns at once; network work happens in the
/// background. Calls made before `configure` are kept and applied after it.
public final class MarqueeSDK: Sendable {
    /// The instance apps use.
    public static let shared = MarqueeSDK()

    /// This SDK's version (the Marquee release it belongs to), sent with every request as
    /// `sdkVersion`.
    public static let version = MarqueeVersion.current

    let core: MarqueeCore
    let settings: MarqueeSettings
    private let registry: PresenterRegistry
    #if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    private let lifecycleObserver: AppLifecycleObserver?
    #endif

    /// Creates an SDK instance with explicit dependencies (tests, previews, several instances).
    ///
    /// On iOS, tvOS, visionOS and macOS the instance follows the app's lifecycle from the system's
    /// notifications unless ``MarqueeEnvironment/observesSystemLifecycle`` is `false`.
    public init(environment: MarqueeEnvironment = .live) {
        let settings = MarqueeSettings()
        let core = MarqueeCore(environment: environment, settings: settings, registry: PresenterRegistry())
        self.settings = settings
        self.core = core
        registry = core.registry
        #if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
        lifecycleObserver = environment.observesSystemLifecycle
            ? AppLifecycleObserver(becameActive: { core.submit(.appDidBecomeActive) },
                                   willResignActive: { core.submit(.appWillResignActive) })
            : nil
        #endif
    }

    /// Starts the SDK: fetches the configuration, then the campaigns.
    ///
    /// Values left `nil` come from the build configuration (``BuildConfiguration``). A second call
    /// reports ``MarqueeError/alreadyConfigured``.
    public func configure(subscriptionID: String? = nil, configurationURL: URL? = nil, enableTooltipFeature: Bool? = nil) {
        core.submit(.configure(subscriptionID: subscriptionID, configurationURL: configurationURL,
                               enableTooltipFeature: enableTooltipFeature))
    }

    /// Tells the SDK that the app came to the foreground.
    ///
    /// After at least ``sessionTimeout`` in the background a new session starts: the SDK logs a
    /// ``SessionStartEvent`` itself and refreshes the campaigns. Messages readied in the background
    /// show now, subject to the usual rules. On Apple platforms the SDK follows the system's
    /// notifications itself; call this on other platforms, or from your own lifecycle code (a
    /// repeated call changes nothing). Before `configure` the state is kept, and `configure`
    /// starts the first session only when the app is in the foreground.
    public func appDidBecomeActive() {
        core.submit(.appDidBecomeActive)
    }

    /// Tells the SDK that the app is leaving the foreground: nothing is shown until
    /// ``appDidBecomeActive()``. Messages readied meanwhile, or about to be shown, wait in the
    /// queue; a message already on screen stays there.
    public func appWillResignActive() {
        core.submit(.appWillResignActive)
    }

    /// How long the app must stay in the background for its next foreground to start a new
    /// session. Default 30 minutes (1,800 seconds); negative values count as 0.
    ///
    /// A session also starts at `configure` when the app is in the foreground (else at the first
    /// foreground after it). On each session start the SDK logs ``SessionStartEvent`` and
    /// refreshes the campaigns (a ping); there is no need to log that event yourself.
    public var sessionTimeout: TimeInterval {
        get { settings.sessionTimeout }
        set { settings.sessionTimeout = newValue }
    }

    /// Logs an event; campaigns whose triggers it completes are queued for display.
    public func logEvent(_ event: any MarqueeEvent) {
        core.submit(.logEvent(event.event))
    }

    /// Logs an engine event directly (any ``EventKind``).
    public func logEvent(_ event: Event) {
        core.submit(.logEvent(event))
    }

    /// Tells the SDK how to find out who the user is. Read again on every event; a new user loads
    /// that user's campaigns and impressions and refreshes them from the server.
    public func registerPreference(_ provider: any UserInfoProvider) {
        core.submit(.registerPreference(provider))
    }

    /// Fetches the current user's campaigns now instead of at the next scheduled ping, for example
    /// after the app learned that a new campaign is live, and returns when they are current.
    /// Polling goes on from this fetch. Campaigns the new list makes ready are queued as usual.
    ///
    /// - Throws: ``RefreshError/notConfigured`` before `configure`; ``RefreshError/disabled``
    ///   while ``isEnabled`` is `false` or the device is outside the rollout (the fetch then goes
    ///   out once enabled); ``RefreshError/offline(_:)`` when the server cannot be reached;
    ///   ``RefreshError/failed(_:)`` when it answers with an error.
    public func refresh() async throws(RefreshError) {
        let result = await withCheckedContinuation { core.submit(.refresh($0)) }
        switch result {
        case .success: return
        case .failure(let error): throw error
        }
    }

    /// Closes the message on screen, and those shown by the immediate coordinator, without counting
    /// an impression (the delegate hears ``DisplayResolution/interrupted``). Tooltips stay; close
    /// them with ``closeTooltip(with:)``.
    /// - Parameter clearQueuedCampaigns: also drops every message waiting to be shown.
    public func closeMessage(clearQueuedCampaigns: Bool = false) {
        core.submit(.closeMessage(clearQueue: clearQueuedCampaigns))
    }

    /// Closes the tooltip attached to the element with this identifier, without counting an impression
    /// (the delegate hears ``DisplayResolution/interrupted``).
    public func closeTooltip(with uiElementIdentifier: String) {
        core.submit(.closeTooltip(uiElementIdentifier))
    }

    /// Reports that the element with this identifier appeared on screen, so tooltips pointing at it can show.
    /// On UIKit, ``TooltipTargetWatcher`` (started by MarqueeUI's `TooltipPresenter`) calls it
    /// for views with a matching `accessibilityIdentifier`.
    public func viewAppeared(identifier: String) {
        core.submit(.logEvent(.viewAppeared(identifier)))
    }

    /// The identifiers of the elements the current user's tooltip campaigns point at (none while
    /// tooltips are off): what ``TooltipTargetWatcher`` looks for.
    public func tooltipTargets() async -> Set<String> {
        await core.tooltipTargets()
    }

    /// Shows a message the app built itself, through the same queue and presenters, without analytics.
    public func present(message: Message) {
        core.submit(.present(message))
    }

    /// Shows the stored rule-keyword messages that match any of `rules` (maximum views, trigger
    /// date and expiration date apply): campaigns listening for them and messages pushes
    /// delivered, all of them or the oldest only (``ruleDeliveryMode``). A message whose template
    /// is not registered is reported, not shown.
    public func executeRule(_ rules: [String]) {
        core.submit(.executeRule(rules))
    }

    /// Called with the campaign's contexts and name before a campaign with contexts is shown;
    /// returning `false` skips that display without counting it. Not called for test campaigns.
    /// Called on the main actor, so it may look at the app's screens ("is the checkout on
    /// screen?") with UIKit or SwiftUI state directly; keep it quick, as the display waits for it.
    public var onVerifyContext: (@MainActor @Sendable (_ contexts: [String], _ campaignName: String) -> Bool)? {
        get { settings.onVerifyContext }
        set { settings.onVerifyContext = newValue }
    }

    /// Receives every error the SDK meets.
    public var errorCallback: (@Sendable (MarqueeError) -> Void)? {
        get { settings.errorCallback }
        set { settings.errorCallback = newValue }
    }

    /// Whether the user allows tracking of App Inbox opens and clicks: ``MarqueeInbox/trackOpened(_:)``
    /// and ``MarqueeInbox/trackClick(_:on:)`` record nothing under ``InboxTrackingConsent/denied``,
    /// and setting `denied` also drops the opens and clicks not sent yet (except those tracked
    /// explicitly without consent). Default ``InboxTrackingConsent/notRequired``. The device keeps
    /// the choice across launches until the app sets another.
    public var trackingConsent: InboxTrackingConsent {
        get { settings.trackingConsent }
        set {
            settings.trackingConsent = newValue
            core.submit(.setTrackingConsent(newValue))
        }
    }

    /// When `false`, nothing is shown, events do not count toward triggers and no campaigns are
    /// fetched. A ping that came due meanwhile is sent when it is `true` again. Default `true`.
    public var isEnabled: Bool {
        get { settings.isEnabled }
        set {
            settings.isEnabled = newValue
            core.submit(.setEnabled(newValue))
        }
    }

    /// When `true`, triggers still count and messages wait in the queue; they show after unpausing.
    public var isPaused: Bool {
        get { settings.isPaused }
        set {
            settings.isPaused = newValue
            core.submit(.setPaused(newValue))
        }
    }

    /// The most bytes of campaign images and videos the device keeps (default 50 MB). After each
    /// ping the SDK fetches the media of the campaigns it holds, so messages show at once; past
    /// the limit the least recently used go, and one asset over a quarter of it is not kept.
    public var assetCacheLimit: Int {
        get { settings.assetCacheLimit }
        set { settings.assetCacheLimit = newValue }
    }

    /// Seconds between the end of one message and the start of the next. Default 30.
    public var displayInterval: TimeInterval {
        get { settings.displayInterval }
        set { settings.displayInterval = newValue }
    }

    /// Which of the messages one event makes ready are queued: every eligible one, in turn
    /// (``TriggerDeliveryMode/everyEligible``, the default, as RInAppMessaging), or only the one
    /// with the highest priority (``TriggerDeliveryMode/highestPriorityOnly``, as Braze).
    public var triggerDeliveryMode: TriggerDeliveryMode {
        get { settings.triggerDeliveryMode }
        set { settings.triggerDeliveryMode = newValue }
    }

    /// Whether ``executeRule(_:)`` shows every message listening for its rules
    /// (``RuleDeliveryMode/everyMatching``, the default) or one, the oldest
    /// (``RuleDeliveryMode/oldestOnly``, as Acoustic).
    public var ruleDeliveryMode: RuleDeliveryMode {
        get { settings.ruleDeliveryMode }
        set { settings.ruleDeliveryMode = newValue }
    }

    /// How long a readied message may wait for its turn: one still waiting after this many seconds
    /// is discarded, unshown and uncounted, and the delegate hears
    /// ``MarqueeDelegate/marquee(didDiscard:reason:)`` with ``DiscardReason/displayTimedOut`` when
    /// its turn comes. Time in the background counts. Tooltips are exempt: they wait for their
    /// element. Default `nil`: messages wait as long as it takes.
    public var displayTimeout: TimeInterval? {
        get { settings.displayTimeout }
        set { settings.displayTimeout = newValue }
    }

    /// How often, in seconds, the SDK asks the presenter of a message on screen whether it still
    /// shows it (``MessagePresenter/isShowing(_:)``). One that no longer does (the app dismissed
    /// the view controllers it was on, UIKit refused to present it) ends as
    /// ``DisplayResolution/interrupted``, uncounted, so the next message can show. Default 30, at least 1.
    public var displayCheckInterval: TimeInterval {
        get { settings.displayCheckInterval }
        set { settings.displayCheckInterval = newValue }
    }

    /// The longest a message (or tooltip) stays on screen, in seconds: past it the SDK takes it
    /// down (``MessagePresenter/dismiss(_:)``) and it ends as ``DisplayResolution/interrupted``,
    /// uncounted. A watchdog for presenters that never call their completion, so that one lost
    /// display cannot hold the queue until the app is relaunched. Time in the background counts.
    /// Default 600 (10 minutes); `nil` lets a message stay as long as its presenter keeps it.
    public var maximumDisplayDuration: TimeInterval? {
        get { settings.maximumDisplayDuration }
        set { settings.maximumDisplayDuration = newValue }
    }

    /// How the device is held. A message whose ``MarqueeModel/Message/orientation`` is `portrait`
    /// or `landscape` and does not match is discarded when its turn comes (the delegate hears
    /// ``DiscardReason/orientationMismatch``). Default `.any`: every message fits. Set it when
    /// the orientation changes.
    public var deviceOrientation: Orientation {
        get { settings.deviceOrientation }
        set { settings.deviceOrientation = newValue }
    }

    /// How messages of each kind take the screen: ``DisplayCoordinator/standard`` (one at a time
    /// with ``displayInterval`` between two; kinds not listed) or ``DisplayCoordinator/immediate``
    /// (as soon as ready, beside what is on screen). Tooltips always show beside the message, so
    /// their entry is ignored. Default: every kind standard.
    ///
    /// ```swift
    /// MarqueeSDK.shared.displayCoordinators = [.banner: .immediate]
    /// ```
    public var displayCoordinators: [MessageKind: DisplayCoordinator] {
        get { settings.displayCoordinators }
        set { settings.displayCoordinators = newValue }
    }

    /// The order of waiting messages with equal priority. Default ``QueueOrder/fifo``.
    public var queueOrder: QueueOrder {
        get { settings.queueOrder }
        set { settings.queueOrder = newValue }
    }

    /// Follows and steers displays. It also hears, as ``DisplayResolution/interrupted``, about the
    /// messages that were on screen when the app last stopped (reported after `configure`, or when
    /// a delegate is first set after it).
    @MainActor public var delegate: (any MarqueeDelegate)? {
        get { registry.delegate }
        set {
            registry.delegate = newValue
            core.submit(.deliverInterrupted)
        }
    }

    /// Uses `presenter` for messages of the given kinds, replacing the current one.
    @MainActor public func register(presenter: any MessagePresenter, for kinds: [MessageKind] = MessageKind.allCases) {
        for kind in kinds { registry.presenters[kind] = presenter }
        attachRendering(to: presenter)
    }

    /// Registers a template: messages whose ``Message/template`` is `name` use `presenter`.
    @MainActor public func registerTemplate(named name: String, presenter: any MessagePresenter) {
        registry.templates[name] = presenter
        attachRendering(to: presenter)
    }

    /// What the SDK holds for the current user once every earlier call has been handled:
    /// cached campaigns, impressions left, opt-outs, the queue and the message on screen.
    public func state() async -> MarqueeState {
        await core.settle()
        return await core.state()
    }

    /// Returns when every call made before it, and the work it started, has finished, including
    /// timers whose time has come on the environment's clock. For tests.
    public func waitUntilIdle() async {
        await core.settle()
    }
}
