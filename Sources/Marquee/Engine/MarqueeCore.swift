import Foundation
import MarqueeModel
import MarqueeWire

/// The SDK's state and logic. All mutable state lives here, in one actor; network and presenter
/// calls happen at suspension points, after which every assumption is checked again.
///
/// The work is split by concern, one folder each, with the rules in pure values that have their
/// own tests and the actor's side (I/O, presenters, timers) in an extension beside them:
/// - commands (``Command``) and events and triggers: this file; the pure `TriggerEngine` (MarqueeModel) decides readiness;
/// - display: `Display/` — the pure ``DisplayScheduler`` decides which message takes which slot
///   and when; `MarqueeCore+Display` runs the queue, `MarqueeCore+Attempt` one display's named steps, `MarqueeCore+Interrupted`
///   reports displays a killed app left on screen; presenters themselves are in `Presentation/`;
/// - sync: `Sync/` — config, ping, display permission and the impression outbox;
/// - identity: `Identity/` — ``CurrentUser`` (the provider and what it last reported), user
///   switches, loading and saving each user's bucket;
/// - inbox: `Inbox/` — ``InboxState`` (each user's synced messages) and `MarqueeCore+Inbox`
///   (sync, read state, deletes, tracking through the outbox, the readers of its changes);
/// - profile: `Profile/` — the user's profile values, merged in the outbox;
/// - placements: `Placements/` — the embedded campaign each placement shows (``PlacementSelection``),
///   its impressions and taps, the readers of each placement's changes;
/// - per-user store: `Store/` — ``UserBucket`` and the files;
/// - timers: ``Timers`` and `MarqueeCore+Timers` — jobs on the clock and tracked work;
/// - lifecycle: `Lifecycle/` — ``AppLifecycle`` (foreground, background, sessions) and
///   `MarqueeCore+Lifecycle`;
/// - live: `Live/` — ``LiveChannel`` (its rules in ``LiveChannelState``: when the channel is open,
///   reconnect backoff; the Server-Sent Events parser; the reading task), and the channel's
///   events: catalog changes; ``DevicePairing`` (the dashboard's pairing, its debug session
///   ``DebugSession`` and `MarqueeCore+Debug`, its previews `MarqueeCore+Preview`).
///
/// A new component gets its own folder with its state as a value and a
/// `MarqueeCore+…` extension. Stored properties are internal only so those extensions can reach
/// them; nothing outside this actor touches them.
actor MarqueeCore {
    nonisolated let environment: MarqueeEnvironment
    nonisolated let settings: MarqueeSettings
    nonisolated let registry: PresenterRegistry
    private nonisolated let commands: AsyncStream<Command>.Continuation
    let files: FileStore
    let backoff = Backoff()

    // Configuration: whether `configure` ran, the commands waiting for it, the switches.
    var configuration = ConfigurationState()
    var device: DeviceState

    // Identity
    var user = CurrentUser()
    /// The current user's bucket.
    var bucket: UserBucket

    // Triggers
    var engine = TriggerEngine()

    // Push
    /// In-app messages pushes delivered, held for rule events (the device's, for every user).
    var held: HeldMessages

    // Assets
    /// The media of the campaigns held, on disk.
    var assets: AssetCache
    /// The fetches under way, so that two pings never fetch one URL twice.
    var assetFetches = AssetFetches()

    // Display
    var scheduler = DisplayScheduler()
    /// What is on screen now, as saved for the next launch.
    var onScreen = OnScreenRecord()
    /// Displays the last launch left on screen, waiting for a delegate to hear about them.
    var interrupted = InterruptedDisplays()

    // Sync
    /// The server, from `configure` on.
    var server: ServerConnection?
    var sync = SyncState()
    var outbox: Outbox

    // Inbox
    /// The current user's App Inbox, as last synced.
    var inbox: InboxState
    /// The sync under way, which concurrent fetches share.
    var inboxSync: Task<Result<[InboxMessage], InboxError>, Never>?
    /// The readers of ``MarqueeInbox/changes``.
    var inboxReaders = InboxReaders()
    var placementReaders = PlacementReaders()

    // Lifecycle
    var lifecycle = AppLifecycle()

    // Live channel, pairing with the dashboard, its debug sessions and previews
    var live = LiveChannel()
    var pairing = DevicePairing()

    // Timers and tracked work
    var timers = Timers()
    var inFlight = TrackedWork()

    init(environment: MarqueeEnvironment, settings: MarqueeSettings, registry: PresenterRegistry) {
        self.environment = environment
        self.settings = settings
        self.registry = registry
        let report: @Sendable (MarqueeError) -> Void = { error in
            environment.log(error.description)
            settings.errorCallback?(error)
        }
        files = FileStore(directory: environment.storageDirectory, report: report)
        device = files.read(DeviceState.self, from: DeviceState.fileName)
            ?? DeviceState(deviceID: environment.app?.deviceID ?? environment.random.uuid())
        if environment.app == nil { files.write(device, to: DeviceState.fileName) }
        settings.trackingConsent = device.inboxConsent ?? .notRequired
        outbox = files.read(Outbox.self, from: Outbox.fileName) ?? Outbox()
        held = files.read(HeldMessages.self, from: HeldMessages.fileName) ?? HeldMessages()
        assets = AssetCache(storageDirectory: environment.storageDirectory, limitBytes: settings.assetCacheLimit)
        bucket = UserBucket(identityKey: UserIdentity.anonymous.key)
        inbox = InboxState(identityKey: UserIdentity.anonymous.key)
        let (stream, continuation) = AsyncStream.makeStream(of: Command.self)
        commands = continuation
        Task { [weak self] in
            for await command in stream {
                guard let self else { return }
                await self.handle(command)
            }
        }
    }

    deinit {
        commands.finish()
        timers.stop()
        live.stop()
        inboxReaders.finishAll()
        placementReaders.finishAll()
    }

    // MARK: - Commands

    /// Queues a command; returns at once, from any thread.
    nonisolated func submit(_ command: Command) {
        commands.yield(command)
    }

    /// Returns when every command submitted before the call, the work they started and the timers
    /// due on the clock have run.
    func settle() async {
        while true {
            await withCheckedContinuation { submit(.barrier($0)) }
            runDueTimers()
            if inFlight.isEmpty { return }
            for task in inFlight.tasks { await task.value }
        }
    }

    private func handle(_ command: Command) async {
        switch command {
        case .barrier(let continuation):
            continuation.resume()
        case .configure(let subscriptionID, let url, let tooltips):
            await configure(subscriptionID: subscriptionID, configurationURL: url, enableTooltipFeature: tooltips)
        case .logEvent(let event):
            guard configuration.isConfigured else { return configuration.holdUntilConfigured(command) }
            await log(event)
        case .executeRule(let rules):
            guard configuration.isConfigured else { return configuration.holdUntilConfigured(command) }
            await executeRules(rules)
        case .registerPreference(let provider):
            user.register(provider)
            guard configuration.isConfigured else { return }
            refreshIdentity()
        case .refresh(let reply):
            // Tracked, not awaited: later commands need not wait for the network.
            track { reply.resume(returning: await $0.refresh()) }
        case .closeMessage(let clearQueue):
            if clearQueue { scheduler.removeWaitingMessages() }
            let tokens = [scheduler.message?.token].compactMap { $0 } + scheduler.immediateDisplays.map(\.token)
            for token in tokens { await takeDown(token) }
        case .closeTooltip(let element):
            if let token = scheduler.tooltipToken(on: element) { await takeDown(token) }
        case .present(let message):
            let campaign = Campaign(id: "local-\(environment.random.uuid())", name: message.title, status: .active,
                                    message: message, delivery: DeliveryRules(infiniteImpressions: true))
            enqueue(campaign, isLocal: true)
            startQueue()
        case .holdPushMessage(let campaign):
            hold(pushMessage: campaign)
        case .pushRegistration(let registration):
            await announce(registration)
        case .logDisplay(let message, let result, let shownAt):
            guard configuration.isConfigured else { return configuration.holdUntilConfigured(command) }
            await logAppDisplay(of: message, result: result, shownAt: shownAt)
        case .setEnabled(let enabled):
            configuration.isEnabled = enabled
            resumePolling()
            startQueue()
            publishPlacements()
            updateLiveChannel()
        case .setPaused(let paused):
            configuration.isPaused = paused
            startQueue()
        case .finish(let token, let result):
            await finish(token: token, result: result)
        case .deliverInterrupted:
            await reportInterrupted()
        case .updateProfile(let update):
            guard configuration.isConfigured else { return configuration.holdUntilConfigured(command) }
            updateProfile(update)
        case .setTrackingConsent(let consent):
            setInboxConsent(consent)
        case .subscribeInbox(let id, let continuation):
            inboxReaders.add(id, continuation)
            continuation.yield(inboxSnapshot())
        case .unsubscribeInbox(let id):
            inboxReaders.remove(id)
        case .subscribePlacement(let id, let placement, let continuation):
            placementReaders.add(id, placement: placement, continuation)
            refreshIdentity()
            continuation.yield(placementContent(placement))
        case .unsubscribePlacement(let id):
            placementReaders.remove(id)
        case .surveyAnswered(let messageID, let answers):
            surveyAnswered(answers, messageID: messageID)
        case .languageChanged:
            refreshCampaigns()
        case .placementImpression(let campaignID, let continuation):
            refreshIdentity()
            continuation.resume(returning: recordPlacementImpression(of: campaignID))
        case .placementClick(let campaignID, let buttonID, let continuation):
            refreshIdentity()
            continuation.resume(returning: await recordPlacementClick(of: campaignID, buttonID: buttonID))
        case .appDidBecomeActive:
            await appBecameActive()
        case .appWillResignActive:
            appResignedActive()
        case .liveSettingChanged:
            updateLiveChannel()
        case .pair(let code, let reply):
            track { reply.resume(returning: await $0.pair(code: code)) }
        case .endPairing(let reply):
            track {
                await $0.endPairing()
                reply.resume()
            }
        }
    }

    nonisolated func report(_ error: MarqueeError) {
        environment.log(error.description)
        settings.errorCallback?(error)
    }

    var now: Date { environment.clock.now }

    /// Configured, enabled and inside the rollout.
    var isActive: Bool { configuration.isConfigured && configuration.isEnabled && device.rolloutEnabled != false }

    // MARK: - Configure

    private func configure(subscriptionID: String?, configurationURL: URL?, enableTooltipFeature: Bool?) async {
        guard !configuration.isConfigured else { return report(.alreadyConfigured) }
        let resolved = environment.buildConfiguration.overridden(
            subscriptionID: subscriptionID, configurationURL: configurationURL, enableTooltipFeature: enableTooltipFeature)
        guard let subscription = resolved.subscriptionID, !subscription.isEmpty else {
            return report(.invalidConfiguration("no subscription ID"))
        }
        guard let text = resolved.configurationURL, let url = URL(string: text), url.scheme != nil else {
            return report(.invalidConfiguration("no valid configuration URL"))
        }
        configuration.configured(tooltipsEnabled: resolved.enableTooltipFeature ?? false)
        server = ServerConnection(configurationURL: url, client: ProtocolClient(
            transport: environment.transport, subscriptionID: subscription, app: environment.resolvedApp(deviceID: device.deviceID)))
        user.adoptIdentity()
        bucket = loadBucket(for: identity)
        inbox = loadInbox(for: identity)
        collectInterrupted()
        await reportInterrupted()
        reloadEngine(progress: bucket.progress)
        publishPlacements()
        let buffered = configuration.takeWaiting()
        refreshIdentity()
        for command in buffered { await handle(command) }
        // The first session starts with the SDK; its campaigns come with the first ping below.
        if lifecycle.started(at: now) { await startSession() }
        // Unsent impressions go out once the configuration names the current endpoints (the server
        // may have moved since they were recorded); see `fetchConfig`.
        track { await $0.fetchConfig() }
    }

    // MARK: - Events

    /// The campaigns triggers show: not embedded ones, which placements show, nor tooltips when
    /// the app has not enabled them.
    private var visibleCampaigns: [Campaign] {
        let tooltipsHidden = !configuration.tooltipsEnabled
        let isHidden: (Campaign) -> Bool = { $0.channel == .embedded || (tooltipsHidden && $0.message.kind == .tooltip) }
        // The list itself when nothing is hidden: the engine then shares it instead of a copy.
        guard bucket.campaigns.contains(where: isHidden) else { return bucket.campaigns }
        return bucket.campaigns.filter { !isHidden($0) }
    }

    /// The elements the user's tooltip campaigns that may still show point at.
    func tooltipTargets() -> Set<String> {
        guard configuration.tooltipsEnabled else { return [] }
        let now = self.now
        return Set(bucket.campaigns.lazy
            .filter { $0.message.kind == .tooltip && self.bucket.isEligible($0, now: now) }
            .compactMap { $0.message.tooltip?.targetElementID })
    }

    /// Loads the current user's campaigns into the trigger engine and queues those it finds ready.
    func reloadEngine(progress: TriggerProgress?) {
        // Before this user's first sync there is nothing to match: events wait in the engine for the first list.
        guard bucket.hasSynced || engine.isLoaded else { return }
        let bucket = self.bucket
        let now = self.now
        let ready = engine.load(visibleCampaigns, progress: progress) { bucket.isEligible($0, now: now) }
        for campaign in ready { enqueue(campaign) }
        startQueue()
    }

    /// Logs `event` and returns the campaigns it made ready, which it queues with the held message
    /// listening for it unless `queues` is `false` (the caller picks). `reportsNoMatch` is `false`
    /// for the SDK's own events, which the delegate does not hear about when no campaign listens.
    @discardableResult
    func log(_ event: Event, reportsNoMatch: Bool = true, queues: Bool = true) async -> [Campaign] {
        refreshIdentity()
        guard isActive else { return [] }
        await recordConversions(for: event)
        let bucket = self.bucket
        let now = self.now
        let debugging = pairing.debug.isActive
        var refused: [(Campaign, DebugReason)] = []
        var advanced: [Campaign] = []
        let outcome = engine.log(event, isEligible: { campaign in
            guard let reason = bucket.ineligibility(campaign, now: now) else { return true }
            if debugging { refused.append((campaign, reason)) }
            return false
        }, advanced: debugging ? { advanced.append($0) } : nil)
        if debugging { noteLogged(event, outcome: outcome, advanced: advanced, refused: refused) }
        let heldMessage = event.kind == .rule ? held.oldestReady(for: [event], at: now) : nil
        if reportsNoMatch, !outcome.matchedTrigger, !outcome.deferred, heldMessage == nil {
            let registry = self.registry
            await MainActor.run { registry.delegate?.marquee(noMatchingTriggerFor: event) }
        }
        if outcome.matchedTrigger { markDirty() }
        let ready = settings.triggerDeliveryMode.select(outcome.ready)
        guard queues else { return ready }
        if let heldMessage { enqueue(heldMessage, isLocal: true) }
        for campaign in ready { enqueue(campaign) }
        startQueue()
        return ready
    }

    /// Logs a rule event per rule; under ``RuleDeliveryMode/oldestOnly`` queues one message: the
    /// oldest held one listening for a rule, else the first listed campaign they made ready.
    private func executeRules(_ rules: [String]) async {
        let events = rules.map(Event.rule)
        guard settings.ruleDeliveryMode == .oldestOnly else {
            for event in events { await log(event) }
            return
        }
        var ready: [Campaign] = []
        for event in events { ready += await log(event, queues: false) }
        if let message = held.oldestReady(for: events, at: now) {
            enqueue(message, isLocal: true)
        } else if let first = ready.first {
            enqueue(first)
        }
        startQueue()
    }
}
