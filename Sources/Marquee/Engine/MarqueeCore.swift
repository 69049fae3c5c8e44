import Foundation
import MarqueeModel
import MarqueeWire

/// One SDK operation. Public calls become commands, handled one at a time in the order they were made.
enum Command: Sendable {
    case configure(subscriptionID: String?, configurationURL: URL?, enableTooltipFeature: Bool?)
    case logEvent(Event)
    case registerPreference(any UserInfoProvider)
    case closeMessage(clearQueue: Bool)
    case closeTooltip(String)
    case present(Message)
    /// ``MarqueeSDK/isEnabled`` changed; ordered with the events logged around it.
    case setEnabled(Bool)
    /// ``MarqueeSDK/isPaused`` changed; ordered with the events logged around it.
    case setPaused(Bool)
    /// A presenter reported the end of display `token`.
    case finish(token: Int, result: PresentationResult)
    /// The delegate changed: it hears about displays the last launch left on screen.
    case deliverInterrupted
    case barrier(CheckedContinuation<Void, Never>)
}

/// Work that runs at a time on the clock.
enum Job: Sendable, Hashable {
    case config, ping, flushOutbox, processQueue, save
    /// A tooltip's `autoDisappearSeconds` are over.
    case tooltipTimeout(token: Int)
}

/// A message or tooltip being shown (or being prepared: its slot is taken before any preparation).
struct Displaying: Sendable {
    var token: Int
    var item: QueuedMessage
    var message: InAppMessage
    var shownAt: Date?
    var presenter: (any MessagePresenter)?
}

/// The SDK's state and logic. All mutable state lives here; network and presenter calls happen at
/// suspension points, after which every assumption is checked again.
actor MarqueeCore {
    nonisolated let environment: MarqueeEnvironment
    nonisolated let settings: MarqueeSettings
    nonisolated let registry: PresenterRegistry
    private nonisolated let commands: AsyncStream<Command>.Continuation
    private let files: FileStore
    private let backoff = Backoff()

    private var isConfigured = false
    private var preConfigure: [Command] = []
    private var client: ProtocolClient?
    private var configurationURL: URL?
    private var tooltipsEnabled = false
    private var device: DeviceState
    private var provider: (any UserInfoProvider)?
    private(set) var identity = UserIdentity.anonymous
    private var accessToken: String?
    private var lastUserInfoProblem: String?
    private(set) var bucket: UserBucket
    private(set) var engine = TriggerEngine()
    /// Messages other than tooltips, shown one at a time in `displaying`.
    private(set) var queue = DisplayQueue()
    private(set) var displaying: Displaying?
    /// Tooltips, shown several at once (one per element) in `tooltips`, alongside `displaying`.
    private(set) var tooltipQueue = DisplayQueue()
    private(set) var tooltips = TooltipSlots()
    /// What is on screen now, as saved for the next launch.
    private var onScreen = OnScreenRecord()
    /// Displays the last launch left on screen, waiting for a delegate to hear about them.
    private var interrupted: [InAppMessage] = []
    private var displayToken = 0
    private var nextDisplayAt = Date.distantPast
    private(set) var outbox: Outbox
    private var isFlushing = false
    private var configFailures = 0
    private var pingFailures = 0
    private var pingInterval: TimeInterval = 3600
    private var timers: [Job: Date] = [:]
    private var ticker: Task<Void, Never>?
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    private var isDirty = false
    /// The switches as of the last command handled (the settings box holds the latest requested values).
    private var isEnabled = true
    private var isPaused = false

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
        outbox = files.read(Outbox.self, from: Outbox.fileName) ?? Outbox()
        bucket = UserBucket(identityKey: UserIdentity.anonymous.key)
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
        ticker?.cancel()
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
            for task in Array(inFlight.values) { await task.value }
        }
    }

    private func handle(_ command: Command) async {
        switch command {
        case .barrier(let continuation):
            continuation.resume()
        case .configure(let subscriptionID, let url, let tooltips):
            await configure(subscriptionID: subscriptionID, configurationURL: url, enableTooltipFeature: tooltips)
        case .logEvent(let event):
            guard isConfigured else { return preConfigure.append(command) }
            await log(event)
        case .registerPreference(let provider):
            self.provider = provider
            guard isConfigured else { return }
            refreshIdentity()
        case .closeMessage(let clearQueue):
            if clearQueue { queue.removeAll() }
            if let token = displaying?.token { await takeDown(token) }
        case .closeTooltip(let element):
            if let token = tooltips.token(on: element) { await takeDown(token) }
        case .present(let message):
            let campaign = Campaign(id: "local-\(environment.random.uuid())", name: message.title, status: .active,
                                    message: message, delivery: DeliveryRules(infiniteImpressions: true))
            enqueue(campaign, isLocal: true)
            startQueue()
        case .setEnabled(let enabled):
            isEnabled = enabled
            startQueue()
        case .setPaused(let paused):
            isPaused = paused
            startQueue()
        case .finish(let token, let result):
            await finish(token: token, result: result)
        case .deliverInterrupted:
            await reportInterrupted()
        }
    }

    private func report(_ error: MarqueeError) {
        environment.log(error.description)
        settings.errorCallback?(error)
    }

    private var now: Date { environment.clock.now }

    /// Configured, enabled and inside the rollout.
    private var isActive: Bool { isConfigured && isEnabled && device.rolloutEnabled != false }

    // MARK: - Configure

    private func configure(subscriptionID: String?, configurationURL: URL?, enableTooltipFeature: Bool?) async {
        guard !isConfigured else { return report(.alreadyConfigured) }
        let resolved = environment.buildConfiguration.overridden(
            subscriptionID: subscriptionID, configurationURL: configurationURL, enableTooltipFeature: enableTooltipFeature)
        guard let subscription = resolved.subscriptionID, !subscription.isEmpty else {
            return report(.invalidConfiguration("no subscription ID"))
        }
        guard let text = resolved.configurationURL, let url = URL(string: text), url.scheme != nil else {
            return report(.invalidConfiguration("no valid configuration URL"))
        }
        isConfigured = true
        self.configurationURL = url
        tooltipsEnabled = resolved.enableTooltipFeature ?? false
        client = ProtocolClient(transport: environment.transport, subscriptionID: subscription,
                                app: environment.resolvedApp(deviceID: device.deviceID))
        identity = currentIdentity().identity
        bucket = loadBucket(for: identity)
        collectInterrupted()
        await reportInterrupted()
        reloadEngine(progress: bucket.progress)
        let buffered = preConfigure
        preConfigure = []
        refreshIdentity()
        for case .logEvent(let event) in buffered { await log(event) }
        // Unsent impressions go out once the configuration names the current endpoints (the server
        // may have moved since they were recorded); see `fetchConfig`.
        track { await $0.fetchConfig() }
    }

    // MARK: - Identity

    /// The identity and token the provider reports now, with the protocol's rules applied.
    private func currentIdentity() -> (identity: UserIdentity, token: String?, problem: String?) {
        guard let provider else { return (.anonymous, nil, nil) }
        let identity = UserIdentity(userID: provider.userID, idTrackingIdentifier: provider.idTrackingIdentifier)
        guard let token = provider.accessToken, !token.isEmpty else { return (identity, nil, nil) }
        if identity.userID == nil { return (identity, nil, "an access token needs a user ID") }
        if identity.idTrackingIdentifier != nil {
            return (identity, nil, "an access token cannot be used with an ID-tracking identifier")
        }
        return (identity, token, nil)
    }

    /// Reads the provider; on a change of user, saves this user's bucket, loads the new one and pings.
    private func refreshIdentity() {
        let current = currentIdentity()
        if let problem = current.problem, problem != lastUserInfoProblem { report(.invalidUserInfo(problem)) }
        lastUserInfoProblem = current.problem
        accessToken = current.token
        guard current.identity != identity else { return }
        saveBucket()
        identity = current.identity
        bucket = loadBucket(for: identity)
        reloadEngine(progress: bucket.progress)
        if isActive, device.endpoints?.ping != nil { track { await $0.ping() } }
    }

    private func loadBucket(for identity: UserIdentity) -> UserBucket {
        let stored = files.read(UserBucket.self, from: FileStore.bucketFileName(for: identity.key))
        guard let stored, stored.identityKey == identity.key else { return UserBucket(identityKey: identity.key) }
        return stored
    }

    private func saveBucket() {
        bucket.progress = engine.progress
        files.write(bucket, to: FileStore.bucketFileName(for: bucket.identityKey))
        isDirty = false
        timers[.save] = nil
    }

    private func markDirty() {
        isDirty = true
        if timers[.save] == nil { schedule(.save, at: now.addingTimeInterval(1)) }
    }

    // MARK: - Events

    private var visibleCampaigns: [Campaign] {
        tooltipsEnabled ? bucket.campaigns : bucket.campaigns.filter { $0.message.kind != .tooltip }
    }

    private func reloadEngine(progress: TriggerProgress?) {
        // Before this user's first sync there is nothing to match: events wait in the engine for the first list.
        guard bucket.hasSynced || engine.isLoaded else { return }
        let bucket = self.bucket
        let now = self.now
        let ready = engine.load(visibleCampaigns, progress: progress) { bucket.isEligible($0, now: now) }
        for campaign in ready { enqueue(campaign) }
        startQueue()
    }

    private func log(_ event: Event) async {
        refreshIdentity()
        guard isActive else { return }
        let bucket = self.bucket
        let now = self.now
        let outcome = engine.log(event) { bucket.isEligible($0, now: now) }
        if !outcome.matchedTrigger && !outcome.deferred {
            let registry = self.registry
            await MainActor.run { registry.delegate?.marquee(noMatchingTriggerFor: event) }
        }
        if outcome.matchedTrigger { markDirty() }
        for campaign in outcome.ready { enqueue(campaign) }
        startQueue()
    }

    // MARK: - Timers and tracked work

    /// Runs `work` as a tracked task, so ``settle()`` can wait for it.
    private func track(_ work: @escaping @Sendable (isolated MarqueeCore) async -> Void) {
        nextTaskID += 1
        let id = nextTaskID
        inFlight[id] = Task {
            await work(self)
            self.inFlight[id] = nil
        }
    }

    /// Runs `job` at `date`; an earlier pending time for the same job is kept.
    private func schedule(_ job: Job, at date: Date) {
        if let existing = timers[job], existing <= date { return }
        timers[job] = date
        restartTicker()
    }

    private func restartTicker() {
        ticker?.cancel()
        guard let next = timers.values.min() else { return }
        let clock = environment.clock
        ticker = Task { [weak self] in
            do { try await clock.sleep(until: next) } catch { return }
            await self?.tick()
        }
    }

    /// The ticker woke: runs what is due, then sleeps until the next timer. (The timer it slept for
    /// may have been removed meanwhile, leaving nothing due but later timers still pending.)
    private func tick() {
        runDueTimers()
        restartTicker()
    }

    /// Starts every job whose time has come.
    func runDueTimers() {
        let current = now
        let due = timers.filter { $0.value <= current }.map(\.key)
        guard !due.isEmpty else { return }
        for job in due { timers[job] = nil }
        restartTicker()
        for job in due {
            switch job {
            case .config: track { await $0.fetchConfig() }
            case .ping: track { await $0.ping() }
            case .flushOutbox: track { await $0.flushOutbox() }
            case .processQueue: startQueue()
            case .save: if isDirty { saveBucket() }
            case .tooltipTimeout(let token): track { await $0.tooltipTimedOut(token: token) }
            }
        }
    }

    private func retryDelay(_ attempt: Int) -> TimeInterval {
        backoff.delay(attempt: attempt, unit: environment.random.unit())
    }

    // MARK: - Sync

    private func fetchConfig() async {
        guard let client, let configurationURL else { return }
        switch await client.config(url: configurationURL) {
        case .success(let response):
            configFailures = 0
            let rollout = response.data.rolloutPercentage
            // A device's place is stable across launches, so a rollout does not flip devices on and off.
            let enabled = StableHash.percentile(of: device.deviceID) < rollout
            device.endpoints = response.data.endpoints
            device.rolloutEnabled = enabled
            files.write(device, to: DeviceState.fileName)
            guard enabled else {
                queue.removeAll()
                tooltipQueue.removeAll()
                return report(.disabledByRollout)
            }
            await ping()
            if !outbox.items.isEmpty { await flushOutbox() }
        case .failure(.retryable(let error)):
            report(error)
            schedule(.config, at: now.addingTimeInterval(retryDelay(configFailures)))
            configFailures += 1
            // The impression endpoint saved from an earlier launch may still answer.
            if !outbox.items.isEmpty { schedule(.flushOutbox, at: now) }
        case .failure(.permanent(let error)):
            report(error)
        }
    }

    private func ping() async {
        guard isActive, let client, let text = device.endpoints?.ping, let url = URL(string: text) else { return }
        timers[.ping] = nil
        let requested = identity
        let result = await client.ping(url: url, identity: requested, accessToken: accessToken)
        // A user change while waiting started its own ping; this answer belongs to the old user.
        guard identity == requested else { return }
        switch result {
        case .success(let response):
            pingFailures = 0
            for reason in response.skipped { report(.campaignSkipped(reason)) }
            bucket.adopt(response.campaigns, caps: response.marquee?.frequencyCaps ?? [],
                         pingMillis: response.currentPingMillis)
            reloadEngine(progress: nil)
            saveBucket()
            pingInterval = max(1, TimeInterval(response.nextPingMillis) / 1000)
            schedule(.ping, at: now.addingTimeInterval(pingInterval))
        case .failure(.retryable(let error)):
            report(error)
            schedule(.ping, at: now.addingTimeInterval(retryDelay(pingFailures)))
            pingFailures += 1
        case .failure(.permanent(let error)):
            // Polling continues: the next ping may well succeed.
            report(error)
            schedule(.ping, at: now.addingTimeInterval(pingInterval))
        }
    }

    private func flushOutbox() async {
        guard !isFlushing, let client, let text = device.endpoints?.impression, let url = URL(string: text) else { return }
        isFlushing = true
        defer { isFlushing = false }
        let current = now
        for item in outbox.items where item.notBefore <= current {
            let token = item.identityKey == identity.key ? accessToken : nil
            let result = await client.impression(url: url, request: item.request, accessToken: token)
            switch result {
            case .success:
                outbox.remove(batchID: item.request.batchId)
            case .failure(.permanent(let error)):
                report(error)
                outbox.remove(batchID: item.request.batchId)
            case .failure(.retryable(let error)):
                report(error)
                if let index = outbox.items.firstIndex(where: { $0.request.batchId == item.request.batchId }) {
                    outbox.items[index].notBefore = now.addingTimeInterval(retryDelay(outbox.items[index].attempts))
                    outbox.items[index].attempts += 1
                }
            }
        }
        files.write(outbox, to: Outbox.fileName)
        if let next = outbox.nextRetry { schedule(.flushOutbox, at: next) }
    }

    // MARK: - Display

    /// Puts a ready campaign in its lane: tooltips wait for their element, other kinds for the message slot.
    private func enqueue(_ campaign: Campaign, isLocal: Bool = false) {
        if campaign.message.kind == .tooltip {
            tooltipQueue.enqueue(campaign, identityKey: identity.key, isLocal: isLocal)
        } else {
            queue.enqueue(campaign, identityKey: identity.key, isLocal: isLocal)
        }
    }

    private func startQueue() {
        guard isActive, !isPaused else { return }
        startTooltips()
        guard displaying == nil, !queue.isEmpty else { return }
        guard now >= nextDisplayAt else { return schedule(.processQueue, at: nextDisplayAt) }
        track { await $0.processQueue() }
    }

    /// Shows the next message that passes every check, one at a time.
    private func processQueue() async {
        while isActive, !isPaused, displaying == nil, now >= nextDisplayAt,
              let item = queue.dequeue(order: settings.queueOrder, at: now) {
            displayToken += 1
            let token = displayToken
            // The guard is set before anything is prepared, so no second message can start meanwhile.
            displaying = Displaying(token: token, item: item, message: InAppMessage(campaign: item.campaign, isLocal: item.isLocal))
            if await !attempt(item, token: token) { _ = release(token) }
        }
        guard isActive, !isPaused, displaying == nil, !queue.isEmpty else { return }
        if let wake = now < nextDisplayAt ? nextDisplayAt : queue.nextRetry(after: now) { schedule(.processQueue, at: wake) }
    }

    /// Starts every waiting tooltip whose element is free. Each goes through the same checks as a
    /// message, on its own, without waiting for the message slot or the display interval.
    private func startTooltips() {
        guard tooltipsEnabled else { return }
        while let item = tooltipQueue.dequeue(order: settings.queueOrder, at: now,
                                              where: { !tooltips.isTaken(TooltipSlots.element(of: $0)) }) {
            displayToken += 1
            let token = displayToken
            _ = tooltips.claim(Displaying(token: token, item: item, message: InAppMessage(campaign: item.campaign, isLocal: item.isLocal)))
            track { core in
                guard await !core.attempt(item, token: token) else { return }
                // The element is free again: another tooltip may be waiting for it.
                _ = core.release(token)
                core.startQueue()
            }
        }
        if let wake = tooltipQueue.nextRetry(after: now) { schedule(.processQueue, at: wake) }
    }

    /// The display `token` stands for: the message in the slot or one of the tooltips.
    private func display(_ token: Int) -> Displaying? {
        displaying?.token == token ? displaying : tooltips[token]
    }

    private func updateDisplay(_ token: Int, _ change: (inout Displaying) -> Void) {
        if var current = displaying, current.token == token {
            change(&current)
            displaying = current
        } else {
            tooltips.update(token: token, change)
        }
    }

    /// Frees display `token`'s slot, stops its auto-disappear timer and clears its on-screen entry.
    private func release(_ token: Int) -> Displaying? {
        let released: Displaying?
        if displaying?.token == token {
            released = displaying
            displaying = nil
        } else {
            released = tooltips.release(token: token)
        }
        timers[.tooltipTimeout(token: token)] = nil
        if onScreen.entries.contains(where: { $0.token == token }) {
            onScreen.entries.removeAll { $0.token == token }
            files.write(onScreen, to: OnScreenRecord.fileName)
        }
        return released
    }

    /// Puts `item` back in its lane, to be tried again after `delay` seconds.
    private func retry(_ item: QueuedMessage, after delay: TimeInterval) {
        var item = item
        item.notBefore = now.addingTimeInterval(delay)
        if item.isTooltip { tooltipQueue.requeue(item) } else { queue.requeue(item) }
        schedule(.processQueue, at: item.notBefore)
    }

    /// Whether `token` still holds its slot and the message is still valid for the current user.
    private func stillValid(_ item: QueuedMessage, token: Int) -> Bool {
        guard display(token) != nil, item.identityKey == identity.key else { return false }
        return item.isLocal || item.campaign.isTest || !(item.campaign.delivery.endTime.map { now > $0 } ?? false)
    }

    private func attempt(_ item: QueuedMessage, token: Int) async -> Bool {
        var campaign = item.campaign
        if !item.isLocal {
            // The latest version of the campaign, if the server still lists it.
            guard let latest = bucket.campaigns.first(where: { $0.id == campaign.id }) else { return false }
            campaign = latest
            guard stillValid(item, token: token), bucket.isEligible(campaign, now: now) else { return false }
            guard await displayPermitted(campaign), stillValid(item, token: token) else { return false }
            if !campaign.isTest, !campaign.contexts.isEmpty, let verify = settings.onVerifyContext,
               !verify(campaign.contexts, campaign.name) { return false }
        }
        let registry = self.registry
        let candidate = InAppMessage(campaign: campaign, isLocal: item.isLocal)
        let decision: (choice: DisplayChoice, message: InAppMessage, presenter: (any MessagePresenter)?) =
            await MainActor.run {
                let delegate = registry.delegate
                let choice = delegate?.marquee(displayChoiceFor: candidate) ?? .now
                let message = choice == .now ? (delegate?.marquee(modify: candidate) ?? candidate) : candidate
                return (choice, message, registry.presenter(for: message.message))
            }
        switch decision.choice {
        case .discard: return false
        case .reenqueue:
            retry(item, after: max(1, settings.displayInterval))
            return false
        case .now: break
        }
        guard let presenter = decision.presenter else {
            if let template = decision.message.message.template {
                report(.templateNotRegistered(campaignID: campaign.id, template: template))
            } else {
                report(.noPresenter(campaignID: campaign.id, kind: decision.message.message.kind.rawValue))
            }
            return false
        }
        let message = decision.message
        do {
            try await MainActor.run { () -> Task<Void, any Error> in
                Task { @MainActor in try await presenter.prepareAssets(for: message) }
            }.value
        } catch {
            report(.assetsUnavailable(campaignID: campaign.id, description: String(describing: error)))
            return false
        }
        guard stillValid(item, token: token) else { return false }
        let core = self
        let shown: Bool = await MainActor.run {
            guard presenter.isReady(for: message) else { return false }
            registry.delegate?.marquee(willDisplay: message)
            presenter.display(message) { result in core.submit(.finish(token: token, result: result)) }
            return true
        }
        guard shown else {
            retry(item, after: 1)
            return false
        }
        guard display(token) != nil else {
            // Closed by the app while it was being put on screen.
            await MainActor.run {
                presenter.dismiss(message)
                registry.delegate?.marquee(didFinish: message, with: .interrupted)
            }
            return false
        }
        let shownAt = now
        updateDisplay(token) {
            $0.message = message
            $0.shownAt = shownAt
            $0.presenter = presenter
        }
        if !item.isLocal {
            onScreen.entries.append(OnScreenRecord.Entry(campaignID: campaign.id, identityKey: item.identityKey, token: token))
            files.write(onScreen, to: OnScreenRecord.fileName)
        }
        if item.isTooltip, let seconds = message.message.tooltip?.autoDisappearSeconds, seconds > 0 {
            schedule(.tooltipTimeout(token: token), at: shownAt.addingTimeInterval(TimeInterval(seconds)))
        }
        return true
    }

    /// Asks the server; a failed request counts as `display: false`. Test campaigns ignore the answer,
    /// including that one, so testers can preview them without a connection.
    private func displayPermitted(_ campaign: Campaign) async -> Bool {
        guard let client, let text = device.endpoints?.displayPermission, let url = URL(string: text) else { return true }
        var result = await client.displayPermission(url: url, campaignID: campaign.id, identity: identity,
                                                    accessToken: accessToken, lastPingMillis: bucket.lastPingMillis)
        if case .failure(.retryable) = result {
            result = await client.displayPermission(url: url, campaignID: campaign.id, identity: identity,
                                                    accessToken: accessToken, lastPingMillis: bucket.lastPingMillis)
        }
        switch result {
        case .success(let answer):
            if answer.performPing { track { await $0.ping() } }
            return answer.display || campaign.isTest
        case .failure(let failure):
            report(failure.error)
            return campaign.isTest
        }
    }

    private func finish(token: Int, result: PresentationResult) async {
        guard let current = release(token) else { return }
        let campaign = current.item.campaign
        let message = current.message
        let finishedAt = now
        if !current.item.isLocal, result.resolution != .interrupted {
            bucket.recordDisplay(of: campaign, at: finishedAt)
            if result.optedOut && !campaign.isTest { bucket.optedOut.insert(campaign.id) }
            saveBucket()
            let outdated = !campaign.isTest && (campaign.delivery.endTime.map { finishedAt > $0 } ?? false)
            if !outdated { recordImpressions(for: current, result: result, at: finishedAt) }
        }
        let registry = self.registry
        await MainActor.run { registry.delegate?.marquee(didFinish: message, with: result.resolution) }
        if !current.item.isTooltip {
            let delay = max(settings.displayInterval, TimeInterval(campaign.delivery.delayAfterCloseMillis) / 1000)
            nextDisplayAt = finishedAt.addingTimeInterval(delay)
        }
        if let emitted = Self.emittedEvent(of: message.message, for: result.resolution) { await log(emitted.event) }
        startQueue()
    }

    /// The tooltip's time is over and its presenter has not ended it: the SDK takes it down.
    private func tooltipTimedOut(token: Int) async {
        guard let current = tooltips[token], let presenter = current.presenter else { return }
        let message = current.message
        await MainActor.run { presenter.dismiss(message) }
        await finish(token: token, result: PresentationResult(.timedOut))
    }

    /// Takes display `token` down for the app (``MarqueeSDK/closeMessage(clearQueuedCampaigns:)``,
    /// ``MarqueeSDK/closeTooltip(with:)``): interrupted, so no impression is counted.
    private func takeDown(_ token: Int) async {
        guard let current = display(token) else { return }
        guard let presenter = current.presenter else {
            // Still being prepared: it never reached the screen, so only its slot is freed.
            _ = release(token)
            return startQueue()
        }
        let message = current.message
        await MainActor.run { presenter.dismiss(message) }
        await finish(token: token, result: PresentationResult(.interrupted))
    }

    // MARK: - Interrupted displays

    /// Moves the displays the last launch left on screen (the app was killed) into `interrupted`.
    private func collectInterrupted() {
        guard let record = files.read(OnScreenRecord.self, from: OnScreenRecord.fileName),
              !record.entries.isEmpty else { return }
        files.write(OnScreenRecord(), to: OnScreenRecord.fileName)
        for entry in record.entries {
            let stored = files.read(UserBucket.self, from: FileStore.bucketFileName(for: entry.identityKey))
            guard let campaign = stored?.campaigns.first(where: { $0.id == entry.campaignID }) else {
                environment.log("Marquee: campaign \(entry.campaignID) was on screen when the app stopped but is no longer stored")
                continue
            }
            interrupted.append(InAppMessage(campaign: campaign))
        }
    }

    /// Tells the delegate, once there is one, that those displays ended as interrupted.
    private func reportInterrupted() async {
        guard !interrupted.isEmpty else { return }
        let messages = interrupted
        interrupted = []
        let registry = self.registry
        let told: Bool = await MainActor.run {
            guard let delegate = registry.delegate else { return false }
            for message in messages { delegate.marquee(didFinish: message, with: .interrupted) }
            return true
        }
        if !told { interrupted = messages + interrupted }
    }

    /// The event a clicked button or content logs, so that one campaign can trigger another.
    static func emittedEvent(of message: Message, for resolution: DisplayResolution) -> EmittedEvent? {
        switch resolution {
        case .buttonClick(let id): message.buttons.first { $0.id == id }?.action.logsEvent
        case .contentClick: message.contentAction?.logsEvent
        default: nil
        }
    }

    private func recordImpressions(for displayed: Displaying, result: PresentationResult, at date: Date) {
        func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        var impressions = [ImpressionDTO(type: .impression, timestamp: millis(displayed.shownAt ?? date))]
        switch result.resolution {
        case .buttonClick(let id):
            let index = displayed.message.message.buttons.firstIndex { $0.id == id }
            impressions.append(ImpressionDTO(type: index == 1 ? .actionTwo : .actionOne, timestamp: millis(date)))
        case .contentClick: impressions.append(ImpressionDTO(type: .clickContent, timestamp: millis(date)))
        case .userDismissed, .timedOut: impressions.append(ImpressionDTO(type: .exit, timestamp: millis(date)))
        case .interrupted: break
        }
        if result.optedOut { impressions.append(ImpressionDTO(type: .optOut, timestamp: millis(date))) }
        let app = client?.app
        let request = ImpressionRequest(
            campaignId: displayed.item.campaign.id, isTest: displayed.item.campaign.isTest,
            appVersion: app?.appVersion ?? "", sdkVersion: marqueeSDKVersion, impressions: impressions,
            userIdentifiers: UserIdentifierDTO.list(for: identity), batchId: environment.random.uuid())
        outbox.append(OutboxItem(identityKey: identity.key, request: request, notBefore: date))
        files.write(outbox, to: Outbox.fileName)
        track { await $0.flushOutbox() }
    }
}
