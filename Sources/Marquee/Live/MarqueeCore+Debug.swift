import Foundation
import MarqueeModel
import MarqueeWire

/// Debug sessions: while the dashboard runs one for this device, the SDK notes its decisions
/// (events, triggers, what showed and why something did not) and sends them in small batches.
/// Without a session nothing is noted, and the text of a line is never even built.
extension MarqueeCore {
    private var debugURL: URL? { device.endpoints?.debug.flatMap { URL(string: $0) } }

    func setDebugSession(_ session: String?) {
        guard session != pairing.debug.id else { return }
        pairing.debug.set(session)
        guard session != nil else { return environment.log("Marquee: debug session ended") }
        environment.log("Marquee: debug session started")
        noteDebug(.synced, text: "debug session started; campaigns held: \(bucket.campaigns.count), waiting to show: \(scheduler.waitingCount)")
    }

    /// Notes a decision for the running debug session, if there is one.
    func noteDebug(_ kind: DebugLineKind, campaign: Campaign? = nil, reason: DebugReason? = nil,
                   text: @autoclosure () -> String) {
        guard pairing.debug.isActive else { return }
        pairing.debug.note(DebugLine(time: nowMillis, kind: kind, campaignID: campaign?.id, campaignName: campaign?.name, reason: reason,
                             text: text()))
        schedule(.flushDebug, at: now.addingTimeInterval(Self.debugFlushDelay))
    }

    private var nowMillis: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded()) }

    /// Notes that `campaign` did not show, and why.
    func noteNotShown(_ campaign: Campaign, because reason: DebugReason) {
        noteNotShown(id: campaign.id, name: campaign.name, because: reason)
    }

    /// Notes that the campaign `id`, named `name`, did not show, and why; `detail` adds to the reason.
    func noteNotShown(id: String, name: String, because reason: DebugReason, detail: String = "") {
        guard pairing.debug.isActive else { return }
        pairing.debug.note(DebugLine(time: nowMillis, kind: .notShown, campaignID: id, campaignName: name, reason: reason,
                             text: "\(name) did not show: \(reason.summary)\(detail)"))
        schedule(.flushDebug, at: now.addingTimeInterval(Self.debugFlushDelay))
    }

    /// Lines wait this long, so one decision's several lines travel together.
    static var debugFlushDelay: TimeInterval { 0.5 }

    /// Sends the next batch of lines (``Job/flushDebug``).
    func flushDebug() async {
        guard let client, let url = debugURL, let (session, lines) = pairing.debug.takeBatch() else { return }
        switch await client.debug(url: url, request: DebugLogRequest(session: session, lines: lines)) {
        case .success:
            if !pairing.debug.pending.isEmpty { schedule(.flushDebug, at: now) }
        case .failure(.permanent):
            // The session is over on the server (ended, or the pairing ran out).
            if pairing.debug.id == session { setDebugSession(nil) }
        case .failure(.retryable):
            pairing.debug.putBack(lines, of: session)
            schedule(.flushDebug, at: now.addingTimeInterval(5))
        }
    }
}

extension MarqueeCore {
    /// What logging `event` decided, for the debug session.
    func noteLogged(_ event: Event, outcome: TriggerOutcome, advanced: [Campaign], refused: [(Campaign, DebugReason)]) {
        noteDebug(.event, text: outcome.matchedTrigger ? "event \(event.key) matched a trigger" : "event \(event.key): no trigger listens")
        let refusedIDs = Set(refused.map(\.0.id))
        for campaign in advanced where !refusedIDs.contains(campaign.id) {
            noteDebug(.triggerAdvanced, campaign: campaign, text: "\(campaign.name): triggers advanced, not yet complete")
        }
        for (campaign, reason) in refused { noteNotShown(campaign, because: reason) }
        for campaign in outcome.ready {
            noteDebug(.ready, campaign: campaign, text: "\(campaign.name): triggers complete, ready to show")
        }
    }
}
