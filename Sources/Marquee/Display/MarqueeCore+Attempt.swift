import Foundation
import MarqueeModel
import MarqueeWire

/// One display attempt, as named steps: the checks before display, the experiment arm, the
/// message the presenter gets, the delegate's choice, preparing, putting on screen, and noting
/// what is shown.
extension MarqueeCore {
    /// Tries to show `item` in display `token`, step by step; each step may end the attempt, and
    /// every assumption is checked again after each suspension (``stillValid(_:token:)``).
    /// Returns whether the message is on screen.
    func attempt(_ item: QueuedMessage, token: Int) async -> Bool {
        guard let checked = await checkedCampaign(item, token: token),
              let (campaign, arm) = await arm(checked, for: item),
              await !isPointlessPushPrimer(campaign.message), stillValid(item, token: token) else { return false }
        guard let (message, presenter) = await chosen(candidate(campaign, item: item, arm: arm), item: item) else { return false }
        guard await prepare(message, with: presenter, of: campaign.id), stillValid(item, token: token) else { return false }
        guard lifecycle.isInForeground else {
            // The app left while the message was being prepared: it waits, in its place, for the foreground.
            scheduler.retry(item, at: .distantPast)
            return false
        }
        guard await putOnScreen(message, with: presenter, item: item, token: token) else { return false }
        // The goal is the campaign's own: an arm's version of the campaign does not carry it.
        recordShown(message, of: campaign, with: presenter, item: item, token: token, arm: arm,
                    goal: item.isLocal ? nil : checked.goal)
        return true
    }

    /// The campaign to show for `item` once every check before display passes: its latest
    /// version (a local message as it is), fitting the screen, still eligible, permitted by the
    /// server, and with contexts the app accepts.
    private func checkedCampaign(_ item: QueuedMessage, token: Int) async -> Campaign? {
        var campaign = item.campaign
        if !item.isLocal {
            // The latest version of the campaign, if the server still lists it.
            guard let latest = listedCampaign(campaign.id) else { return nil }
            campaign = latest
        }
        // Checked before anything is asked of the server: a message that cannot fit the screen is not counted.
        guard campaign.message.orientation.fits(device: settings.deviceOrientation) else {
            await discard(InAppMessage(campaign: campaign, isLocal: item.isLocal), because: .orientationMismatch)
            return nil
        }
        guard !item.isLocal else { return campaign }
        guard stillValid(item, token: token) else { return nil }
        if let reason = bucket.ineligibility(campaign, now: now) {
            noteNotShown(campaign, because: reason)
            return nil
        }
        guard await displayPermitted(campaign) else {
            noteNotShown(campaign, because: .notPermitted)
            return nil
        }
        guard stillValid(item, token: token) else { return nil }
        // A tooltip's `Tooltip` context marks its kind; the app verifies only the others.
        let contexts = campaign.verifiableContexts
        if !campaign.isTest, !contexts.isEmpty, let verify = settings.onVerifyContext {
            // On the main actor: the app answers by looking at its screens.
            let name = campaign.name
            guard await MainActor.run(body: { verify(contexts, name) }) else {
                noteNotShown(campaign, because: .contextRefused)
                return nil
            }
            guard stillValid(item, token: token) else { return nil }
        }
        return campaign
    }

    /// The user's experiment arm and the campaign as that arm shows it; `nil` when the user is in
    /// the control group, which is held back here. The arm is decided after every check a display
    /// passes, so the control group is held back at exactly the moments the others see the message.
    private func arm(_ campaign: Campaign, for item: QueuedMessage) async -> (Campaign, ExperimentArm?)? {
        guard !item.isLocal, let arm = campaign.arm(for: experimentUnit(of: item.identity)) else { return (campaign, nil) }
        guard let shown = campaign.resolved(for: arm) else {
            noteNotShown(campaign, because: .heldBack)
            await holdBack(campaign, for: item.identity)
            return nil
        }
        return (shown, arm)
    }

    /// The message as the presenter gets it: the arm's variant in the user's language, the
    /// user's values for placeholders (the app's over the server's), and the media the device holds.
    private func candidate(_ campaign: Campaign, item: QueuedMessage, arm: ExperimentArm?) -> InAppMessage {
        var candidate = InAppMessage(campaign: campaign.localized(to: messageLanguage), isLocal: item.isLocal)
        candidate.variant = arm?.id
        candidate.isPreview = pairing.isPreview(campaign.id)
        candidate.personalization = bucket.serverAttributes
            .merging((provider?.attributes ?? [:]).filter { !$0.value.isEmpty }) { _, app in app }
        candidate.cachedAssets = cachedAssets(of: campaign.message)
        return candidate
    }

    /// What the delegate makes of `candidate` (show now, later or never; changed or not) and the
    /// presenter for it; `nil` when it does not show now.
    private func chosen(_ candidate: InAppMessage, item: QueuedMessage) async -> (InAppMessage, any MessagePresenter)? {
        let registry = self.registry
        let decision: (choice: DisplayChoice, message: InAppMessage, presenter: (any MessagePresenter)?) =
            await MainActor.run {
                let delegate = registry.delegate
                let choice = delegate?.marquee(displayChoiceFor: candidate) ?? .now
                let message = choice == .now ? (delegate?.marquee(modify: candidate) ?? candidate) : candidate
                return (choice, message, registry.presenter(for: message.message))
            }
        switch decision.choice {
        case .discard:
            noteNotShown(id: candidate.id, name: candidate.campaignName, because: .discardedByApp)
            return nil
        case .reenqueue:
            retry(item, after: max(1, settings.displayInterval))
            return nil
        case .now: break
        }
        guard let presenter = decision.presenter else {
            noteNotShown(id: candidate.id, name: candidate.campaignName, because: .noPresenter,
                         detail: " (\(decision.message.message.kind.rawValue))")
            if let template = decision.message.message.template {
                report(.templateNotRegistered(campaignID: candidate.id, template: template))
            } else {
                report(.noPresenter(campaignID: candidate.id, kind: decision.message.message.kind.rawValue))
            }
            return nil
        }
        return (decision.message, presenter)
    }

    /// Has the presenter prepare the message's assets; a failure is reported and nothing shows.
    private func prepare(_ message: InAppMessage, with presenter: any MessagePresenter, of campaignID: String) async -> Bool {
        do {
            try await MainActor.run { () -> Task<Void, any Error> in
                Task { @MainActor in try await presenter.prepareAssets(for: message) }
            }.value
            return true
        } catch {
            report(.assetsUnavailable(campaignID: campaignID, description: String(describing: error)))
            return false
        }
    }

    /// Puts the message on screen when the presenter is ready (else tries again in a second), and
    /// takes it down again when the app closed it meanwhile.
    private func putOnScreen(_ message: InAppMessage, with presenter: any MessagePresenter, item: QueuedMessage,
                             token: Int) async -> Bool {
        let registry = self.registry
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
        guard scheduler.display(token) != nil else {
            // Closed by the app while it was being put on screen.
            await MainActor.run {
                presenter.dismiss(message)
                registry.delegate?.marquee(didFinish: message, with: .interrupted)
            }
            return false
        }
        return true
    }

    /// Notes what is on screen: in the display (for its end and its conversion), in the record a
    /// killed app reports at the next launch, and the tooltip's timeout.
    private func recordShown(_ message: InAppMessage, of campaign: Campaign, with presenter: any MessagePresenter,
                             item: QueuedMessage, token: Int, arm: ExperimentArm?, goal: ConversionGoal?) {
        let shownAt = now
        noteDebug(.shown, campaign: campaign, text: message.isPreview ? "the preview is on screen" : "\(campaign.name) is on screen")
        scheduler.update(token) {
            $0.message = message
            $0.shownAt = shownAt
            $0.presenter = presenter
            $0.arm = arm
            $0.goal = goal
        }
        if !item.isLocal {
            onScreen.entries.append(OnScreenRecord.Entry(campaignID: campaign.id, identityKey: item.identityKey, token: token))
            files.write(onScreen, to: OnScreenRecord.fileName)
        }
        if item.isTooltip, let seconds = message.message.tooltip?.autoDisappearSeconds, seconds > 0 {
            schedule(.tooltipTimeout(token: token), at: shownAt.addingTimeInterval(TimeInterval(seconds)))
        }
        scheduleDisplayCheck(token: token, shownAt: shownAt)
    }

    /// The language messages are shown in: the app's choice (``MarqueeSDK/language``), else the
    /// app's locale, else the device's.
    nonisolated var messageLanguage: String {
        settings.language ?? environment.app?.locale ?? Locale.current.identifier
    }
}
