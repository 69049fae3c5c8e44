import Foundation
import MarqueeModel
import MarqueeWire

/// Sync: the configuration, polling (ping), display permission, and the impression outbox. Every
/// request goes through ``ProtocolClient``; failures back off and retry on the clock.
extension MarqueeCore {
    /// The client of the configured server; `nil` before `configure`.
    var client: ProtocolClient? { server?.client }

    @discardableResult
    func fetchConfig() async -> SyncOutcome {
        guard let server else { return .deferred }
        switch await server.client.config(url: server.configurationURL) {
        case .success(let response):
            sync.configFailures = 0
            let rollout = response.data.rolloutPercentage
            // A device's place is stable across launches, so a rollout does not flip devices on and off.
            let enabled = StableHash.percentile(of: device.deviceID) < rollout
            device.endpoints = response.data.endpoints
            device.rolloutEnabled = enabled
            files.write(device, to: DeviceState.fileName)
            live.configurationChanged()
            updateLiveChannel()
            guard enabled else {
                noteDebug(.synced, reason: .notInRollout, text: "this device is outside the app's rollout (\(rollout)%): nothing shows")
                scheduler.removeAllWaiting()
                publishPlacements()
                report(.disabledByRollout)
                return .deferred
            }
            let outcome = await ping()
            if !outbox.items.isEmpty { await flushOutbox() }
            return outcome
        case .failure(.retryable(let error)):
            report(error)
            schedule(.config, at: now.addingTimeInterval(retryDelay(sync.configFailures)))
            sync.configFailures += 1
            // The impression endpoint saved from an earlier launch may still answer.
            if !outbox.items.isEmpty { schedule(.flushOutbox, at: now) }
            return .failed(error)
        case .failure(.permanent(let error)):
            report(error)
            return .failed(error)
        }
    }

    private var pingURL: URL? { device.endpoints?.ping.flatMap { URL(string: $0) } }

    @discardableResult
    func ping() async -> SyncOutcome {
        guard let client, let url = pingURL else { return .deferred }
        guard isActive else {
            // Not now, but not never: `resumePolling` sends it once the SDK is enabled again.
            timers.cancel(.ping)
            sync.pingMissed = true
            return .deferred
        }
        timers.cancel(.ping)
        sync.pingMissed = false
        let requested = identity
        var result = await client.ping(url: url, identity: requested, accessToken: accessToken, signature: userSignature,
                                       holding: bucket.listFingerprint, language: messageLanguage)
        if case .success(let response) = result, response.marquee?.unchanged != true, let list = response.marquee?.list {
            result = await Self.reading(list, named: response, with: client)
        }
        // A user change while waiting started its own ping; this answer belongs to the old user.
        guard identity == requested else { return .done }
        switch result {
        case .success(let response):
            sync.pingFailures = 0
            for reason in response.skipped { report(.campaignSkipped(reason)) }
            let fingerprint = response.marquee?.fingerprint
            if response.marquee?.unchanged == true {
                // The list held is current: adopting it again keeps what a sync does (test campaigns'
                // impressions, retention of absent campaigns) without its bytes travelling. The inbox
                // endpoints held stay too: they are part of the fingerprint.
                guard let fingerprint, fingerprint == bucket.listFingerprint else {
                    // "Unchanged" against a list this device does not hold: ask once more without a
                    // fingerprint, which a server must answer in full.
                    let askedWithFingerprint = bucket.listFingerprint != nil
                    bucket.forgetListFingerprint()
                    if askedWithFingerprint {
                        track { await $0.ping() }
                    } else {
                        schedule(.ping, at: now.addingTimeInterval(sync.pingInterval))
                    }
                    return .done
                }
                bucket.adopt(bucket.catalog, caps: bucket.frequencyCaps, pingMillis: response.currentPingMillis, now: now)
            } else {
                adoptInboxEndpoints(response.marquee?.inbox)
                bucket.adoptServerAttributes(response.marquee?.userAttributes ?? [:])
                bucket.adopt(response.campaigns, caps: response.marquee?.frequencyCaps ?? [],
                             pingMillis: response.currentPingMillis, now: now, fingerprint: fingerprint)
                saveCatalog()
                wantAssets(of: response.campaigns)
            }
            noteDebug(.synced, text: "campaigns refreshed: \(bucket.campaigns.count) held")
            reloadEngine(progress: nil)
            publishPlacements()
            saveBucket()
            prefetchAssets()
            sync.pingInterval = max(1, TimeInterval(response.nextPingMillis) / 1000)
            schedule(.ping, at: now.addingTimeInterval(sync.pingInterval))
            return .done
        case .failure(.retryable(let error)):
            report(error)
            schedule(.ping, at: now.addingTimeInterval(retryDelay(sync.pingFailures)))
            sync.pingFailures += 1
            return .failed(error)
        case .failure(.permanent(let error)):
            // Polling continues: the next ping may well succeed.
            report(error)
            schedule(.ping, at: now.addingTimeInterval(sync.pingInterval))
            return .failed(error)
        }
    }

    /// The answer `response` with the campaigns of the `list` it names, read by reference; a
    /// failed read fails the ping, to be retried as a failed ping is.
    private static func reading(_ list: CampaignListReference, named response: LenientPingResponse,
                                with client: ProtocolClient) async -> Result<LenientPingResponse, RequestFailure> {
        guard let url = URL(string: list.url) else {
            return .failure(.permanent(.invalidResponse(endpoint: "ping", description: "the campaign list URL \(list.url) is not a URL")))
        }
        return await client.campaignList(url: url).map { content in
            var complete = response
            complete.campaigns = content.campaigns
            complete.skipped += content.skipped
            return complete
        }
    }

    /// Pings now, or as soon as the SDK is active again: the user changed, or a session started.
    func refreshCampaigns() {
        guard pingURL != nil else { return }
        if isActive {
            track { await $0.ping() }
        } else {
            sync.pingMissed = true
        }
    }

    /// The SDK may have become active again: sends the ping it missed meanwhile, which schedules the next.
    func resumePolling() {
        guard isActive, sync.pingMissed, pingURL != nil else { return }
        sync.pingMissed = false
        track { await $0.ping() }
    }

    /// Asks the server; a failed request counts as `display: false`. Test campaigns ignore the answer,
    /// including that one, so testers can preview them without a connection.
    func displayPermitted(_ campaign: Campaign) async -> Bool {
        guard let client, let text = device.endpoints?.displayPermission, let url = URL(string: text) else { return true }
        var result = await client.displayPermission(url: url, campaignID: campaign.id, identity: identity,
                                                    accessToken: accessToken, signature: userSignature,
                                                    lastPingMillis: bucket.lastPingMillis)
        if case .failure(.retryable) = result {
            result = await client.displayPermission(url: url, campaignID: campaign.id, identity: identity,
                                                    accessToken: accessToken, signature: userSignature,
                                                    lastPingMillis: bucket.lastPingMillis)
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

    /// Puts the impressions of a finished display in the outbox, for the user it was shown to, and
    /// sends them; a campaign with a goal starts its attribution window.
    func recordImpressions(for displayed: Displaying, result: PresentationResult, at date: Date) {
        var impressions = [ImpressionDTO(type: .impression, timestamp: Self.millis(displayed.shownAt ?? date))]
        switch result.resolution {
        case .buttonClick(let id):
            let index = Self.buttonIndex(of: id, in: displayed.message.message)
            impressions.append(ImpressionDTO(type: index == 1 ? .actionTwo : .actionOne, timestamp: Self.millis(date)))
        case .contentClick: impressions.append(ImpressionDTO(type: .clickContent, timestamp: Self.millis(date)))
        case .userDismissed, .timedOut: impressions.append(ImpressionDTO(type: .exit, timestamp: Self.millis(date)))
        case .interrupted: break
        }
        if result.optedOut { impressions.append(ImpressionDTO(type: .optOut, timestamp: Self.millis(date))) }
        // Each page of a carousel once, and only pages it has.
        let pageCount = displayed.message.message.pages.count
        var counted = Set<Int>()
        for page in result.viewedPages where (0..<pageCount).contains(page) && counted.insert(page).inserted {
            impressions.append(ImpressionDTO(type: .pageView, timestamp: Self.millis(displayed.shownAt ?? date), marqueePage: page))
        }
        let user = displayed.item.identity
        sendImpressions(impressions, of: displayed.item.campaign, variant: displayed.arm?.id, for: user, at: date)
        if let goal = displayed.goal {
            recordExposure(ExposureRecord(at: displayed.shownAt ?? date, variant: displayed.arm?.id, goal: goal,
                                          isTest: displayed.item.campaign.isTest, campaignName: displayed.item.campaign.name),
                           of: displayed.item.campaign.id, for: user)
        }
    }

    /// A presenter reports answers as the user sends them (``RenderContext/sendSurveyAnswers(_:of:)``),
    /// so that they count even when the app or the system takes the thank-you page down.
    func surveyAnswered(_ answers: [SurveyAnswer], messageID: String) {
        guard let token = scheduler.token(showing: messageID), let displayed = scheduler.display(token),
              !displayed.item.isLocal, !displayed.sentSurvey else { return }
        scheduler.update(token) { $0.sentSurvey = true }
        recordSurvey(answers, of: displayed, at: now)
    }

    /// Puts a survey's answers in the outbox when they fit the survey shown; without the user's
    /// tracking consent they go naming no one, at the hour they were given (so that the time of
    /// the display's impression, which names the user, cannot name them).
    func recordSurvey(_ answers: [SurveyAnswer], of displayed: Displaying, at date: Date) {
        guard let survey = displayed.message.message.survey else { return }
        let checked: [SurveyAnswer]
        do {
            checked = try survey.checked(answers)
        } catch {
            return report(.invalidSurveyAnswers(campaignID: displayed.item.campaign.id, reason: error.description))
        }
        let user = displayed.item.identity
        let named = inboxConsent.allowsTracking
        let millis = Self.millis(date)
        let request = SurveyResponseRequest(
            campaignId: displayed.item.campaign.id, isTest: displayed.item.campaign.isTest,
            userIdentifiers: named ? UserIdentifierDTO.list(for: user) : [],
            marqueeVariant: displayed.arm?.id, answeredAt: named ? millis : millis - millis % 3_600_000, answers: checked,
            batchId: environment.random.uuid())
        send(.survey(request), for: user, at: date)
    }

    /// A button's position, which decides its impression type (the second button is `actionTwo`);
    /// a carousel page's button counts by its position on its page.
    static func buttonIndex(of id: String, in message: Message) -> Int? {
        if let index = message.buttons.firstIndex(where: { $0.id == id }) { return index }
        return message.pages.lazy.compactMap { $0.buttons.firstIndex { $0.id == id } }.first
    }

    /// Puts one batch of `campaign`'s impressions in the outbox for `user`: a display's, a control
    /// impression, or a placement's view or tap.
    func sendImpressions(_ impressions: [ImpressionDTO], of campaign: Campaign, variant: String?, for user: UserIdentity, at date: Date) {
        let request = ImpressionRequest(
            campaignId: campaign.id, isTest: campaign.isTest, appVersion: client?.app.appVersion ?? "",
            sdkVersion: MarqueeSDK.version, impressions: impressions, userIdentifiers: UserIdentifierDTO.list(for: user),
            batchId: environment.random.uuid(), marqueeVariant: variant)
        send(.impression(request), for: user, at: date)
    }

    /// Puts `payload` in the outbox for `user`, saves it, and sends what is due.
    func send(_ payload: OutboxPayload, for user: UserIdentity, at date: Date) {
        outbox.append(OutboxItem(identityKey: user.key, payload: payload, notBefore: date))
        files.write(outbox, to: Outbox.fileName)
        track { await $0.flushOutbox() }
    }

    /// Milliseconds since 1970, as the protocol carries times.
    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    func flushOutbox() async {
        guard !sync.isFlushing, let client else { return }
        sync.isFlushing = true
        defer { sync.isFlushing = false }
        let current = now
        for item in outbox.items where item.notBefore <= current {
            // Another user's batch goes without a token or signature: only the current user's are known.
            let isCurrentUser = item.identityKey == identity.key
            let result: Result<Void, RequestFailure>
            switch item.payload {
            case .impression(let request):
                guard let text = device.endpoints?.impression, let url = URL(string: text) else { continue }
                result = await client.impression(url: url, request: request, accessToken: isCurrentUser ? accessToken : nil)
            case .inboxTracking(let request):
                guard let text = device.inboxEndpoints?.track, let url = URL(string: text) else { continue }
                result = await client.inboxTrack(url: url, request: request, accessToken: isCurrentUser ? accessToken : nil,
                                                 signature: isCurrentUser ? userSignature : nil)
            case .conversion(let request):
                guard let text = device.endpoints?.conversion, let url = URL(string: text) else { continue }
                result = await client.conversion(url: url, request: request, accessToken: isCurrentUser ? accessToken : nil)
            case .survey(let request):
                guard let text = device.endpoints?.survey, let url = URL(string: text) else { continue }
                result = await client.survey(url: url, request: request, accessToken: isCurrentUser ? accessToken : nil)
            case .profile(let request):
                guard let text = device.endpoints?.profile, let url = URL(string: text) else { continue }
                result = await client.profile(url: url, request: request, accessToken: isCurrentUser ? accessToken : nil,
                                              signature: isCurrentUser ? userSignature : nil)
            }
            switch result {
            case .success:
                outbox.remove(batchID: item.batchID)
            case .failure(.permanent(let error)):
                report(error)
                outbox.remove(batchID: item.batchID)
            case .failure(.retryable(let error)):
                report(error)
                if let index = outbox.items.firstIndex(where: { $0.batchID == item.batchID }) {
                    outbox.items[index].notBefore = now.addingTimeInterval(retryDelay(outbox.items[index].attempts))
                    outbox.items[index].attempts += 1
                }
            }
        }
        files.write(outbox, to: Outbox.fileName)
        if let next = outbox.nextRetry { schedule(.flushOutbox, at: next) }
    }
}
