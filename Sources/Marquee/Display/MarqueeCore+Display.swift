import Foundation
import MarqueeModel
import MarqueeWire

/// Display: carries out what the ``DisplayScheduler`` decides. Each claimed slot goes through the
/// same checks (latest campaign version, eligibility, display permission, context, delegate,
/// presenter, assets, readiness) and every check is repeated after each suspension.
extension MarqueeCore {
    /// Puts a ready campaign in its lane, for the current user.
    func enqueue(_ campaign: Campaign, isLocal: Bool = false) {
        let coordinator = settings.displayCoordinators[campaign.message.kind] ?? .standard
        scheduler.enqueue(campaign, for: identity, isLocal: isLocal, at: now, coordinator: coordinator)
        guard pairing.debug.isActive else { return }
        let wait = configuration.isPaused ? .paused : scheduler.slotWait(for: campaign, coordinator: coordinator, at: now)
        if let wait { noteDebug(.notShown, campaign: campaign, reason: wait, text: "\(campaign.name) waits: \(wait.summary)") }
    }

    /// Active, not paused and in the foreground: messages may start. While it is `false` they wait.
    var mayDisplay: Bool { isActive && !configuration.isPaused && lifecycle.isInForeground }

    /// Starts what may start now: waiting tooltips at once, the next message when the slot and the
    /// display interval allow (else at the time they will).
    func startQueue() {
        guard mayDisplay else { return }
        startTooltips()
        startImmediate()
        guard let start = scheduler.nextMessageStart() else { return }
        if start > now { return schedule(.processQueue, at: start) }
        track { await $0.processQueue() }
    }

    /// Shows the next message that passes every check, one at a time.
    private func processQueue() async {
        while mayDisplay {
            await discardTimedOut()
            guard let display = scheduler.claimNextMessage(order: settings.queueOrder, at: now) else { break }
            // The slot is taken before anything is prepared, so no second message can start meanwhile.
            if await !attempt(display.item, token: display.token) { _ = release(display.token) }
        }
        guard mayDisplay, let wake = scheduler.nextMessageStart(), wake > now else { return }
        schedule(.processQueue, at: wake)
    }

    /// Drops the waiting messages whose display timeout is over.
    private func discardTimedOut() async {
        guard let timeout = settings.displayTimeout else { return }
        for item in scheduler.removeMessages(readiedBefore: now.addingTimeInterval(-timeout)) {
            await discard(InAppMessage(campaign: item.campaign, isLocal: item.isLocal), because: .displayTimedOut)
        }
    }

    /// Tells the log and the delegate that `message` was dropped unseen; it may be triggered again.
    func discard(_ message: InAppMessage, because reason: DiscardReason) async {
        environment.log("Marquee: discarded \(message.campaignName): \(reason)")
        let registry = self.registry
        await MainActor.run { registry.delegate?.marquee(didDiscard: message, reason: reason) }
    }

    /// Starts every waiting tooltip whose element is free. Each goes through the same checks as a
    /// message, on its own, without waiting for the message slot or the display interval.
    private func startTooltips() {
        guard configuration.tooltipsEnabled else { return }
        startBesideTheSlot(scheduler.claimTooltips(order: settings.queueOrder, at: now))
        if let wake = scheduler.nextTooltipRetry(after: now) { schedule(.processQueue, at: wake) }
    }

    /// Starts every waiting message under the immediate coordinator, beside whatever is on screen.
    private func startImmediate() {
        startBesideTheSlot(scheduler.claimImmediate(order: settings.queueOrder, at: now))
        if let wake = scheduler.nextImmediateRetry(after: now) { schedule(.processQueue, at: wake) }
    }

    /// Runs the checks and the presenter for displays that do not take the message slot, each on its own.
    private func startBesideTheSlot(_ displays: [Displaying]) {
        for display in displays {
            let item = display.item
            let token = display.token
            track { core in
                guard await !core.attempt(item, token: token) else { return }
                // Its place is free again: another tooltip may be waiting for the element.
                _ = core.release(token)
                core.startQueue()
            }
        }
    }

    /// Frees display `token`'s slot, stops its auto-disappear timer and clears its on-screen entry.
    func release(_ token: Int) -> Displaying? {
        let released = scheduler.release(token)
        timers.cancel(.tooltipTimeout(token: token))
        timers.cancel(.displayCheck(token: token))
        if onScreen.entries.contains(where: { $0.token == token }) {
            onScreen.entries.removeAll { $0.token == token }
            files.write(onScreen, to: OnScreenRecord.fileName)
        }
        return released
    }

    /// Puts `item` back in its lane, to be tried again after `delay` seconds.
    func retry(_ item: QueuedMessage, after delay: TimeInterval) {
        let date = now.addingTimeInterval(delay)
        scheduler.retry(item, at: date)
        schedule(.processQueue, at: date)
    }

    /// Whether `token` still holds its slot and the message is still valid for the current user.
    func stillValid(_ item: QueuedMessage, token: Int) -> Bool {
        guard scheduler.display(token) != nil, item.identityKey == identity.key else { return false }
        return item.isLocal || item.campaign.isTest || !(item.campaign.delivery.endTime.map { now > $0 } ?? false)
    }

    /// Display `token` ended: counts it for the user it was shown to (unless interrupted), tells
    /// the delegate, starts the display interval and logs the event its button or content emits.
    func finish(token: Int, result: PresentationResult) async {
        guard let current = release(token) else { return }
        let campaign = current.item.campaign
        pairing.displayEnded(campaign.id)
        let message = current.message
        let finishedAt = now
        scheduler.ended(current, at: finishedAt, displayInterval: settings.displayInterval)
        // Answers the user sent count whatever ended the display, unless they went when sent.
        if !current.item.isLocal, !current.sentSurvey, let answers = result.surveyAnswers {
            recordSurvey(answers, of: current, at: finishedAt)
        }
        if !current.item.isLocal, result.resolution != .interrupted {
            recordDisplay(of: campaign, optedOut: result.optedOut, for: current.item.identity, at: finishedAt)
            let outdated = !campaign.isTest && (campaign.delivery.endTime.map { finishedAt > $0 } ?? false)
            if !outdated { recordImpressions(for: current, result: result, at: finishedAt) }
        } else if result.resolution != .interrupted {
            recordHeldView(of: campaign.id)
        }
        let registry = self.registry
        await MainActor.run { registry.delegate?.marquee(didFinish: message, with: result.resolution) }
        let action = Self.clickedAction(of: message.message, for: result.resolution)
        if action?.type == .pushPrimer { await requestPushPermission() }
        if let emitted = action?.logsEvent { await log(emitted.event) }
        startQueue()
    }

    /// The tooltip's time is over and its presenter has not ended it: the SDK takes it down.
    func tooltipTimedOut(token: Int) async {
        guard let current = scheduler.display(token), current.item.isTooltip, let presenter = current.presenter else { return }
        let message = current.message
        await MainActor.run { presenter.dismiss(message) }
        await finish(token: token, result: PresentationResult(.timedOut))
    }

    /// Takes display `token` down for the app (``MarqueeSDK/closeMessage(clearQueuedCampaigns:)``,
    /// ``MarqueeSDK/closeTooltip(with:)``): interrupted, so no impression is counted.
    func takeDown(_ token: Int) async {
        guard let current = scheduler.display(token) else { return }
        guard let presenter = current.presenter else {
            // Still being prepared: it never reached the screen, so only its slot is freed.
            _ = release(token)
            return startQueue()
        }
        let message = current.message
        await MainActor.run { presenter.dismiss(message) }
        await finish(token: token, result: PresentationResult(.interrupted))
    }

    /// The action of the clicked button or content: a push primer asks for permission, and the
    /// event it logs may trigger another campaign.
    static func clickedAction(of message: Message, for resolution: DisplayResolution) -> MessageAction? {
        switch resolution {
        case .buttonClick(let id): message.allButtons.first { $0.id == id }?.action
        case .contentClick: message.contentAction
        case .userDismissed, .timedOut, .interrupted: nil
        }
    }
}
