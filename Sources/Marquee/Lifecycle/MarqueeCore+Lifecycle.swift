import Foundation
import MarqueeModel

/// Lifecycle: carries out what ``AppLifecycle`` decides. A new session logs its own
/// `SessionStartEvent` (so session-start campaigns need no app code) and refreshes the campaigns;
/// while the app is in the background nothing is shown.
extension MarqueeCore {
    func appBecameActive() async {
        let startsSession = lifecycle.becameActive(at: now, sessionTimeout: settings.sessionTimeout)
        if startsSession {
            await startSession()
            refreshCampaigns()
        }
        // Messages readied in the background waited for this.
        startQueue()
        updateLiveChannel()
    }

    func appResignedActive() {
        lifecycle.resignedActive(at: now)
        updateLiveChannel()
    }

    /// Logs the session's start as the SDK's own event: the delegate does not hear about it when
    /// no campaign listens, as it would for an event the app logged.
    func startSession() async {
        environment.log("Marquee: session started")
        await log(.sessionStart, reportsNoMatch: false)
    }
}
