import Marquee
import MarqueeModel

/// Follows what the SDK shows and what the push primer did, into the on-screen log.
@MainActor
final class ShopDelegate: MarqueeDelegate {
    let log: ShopLog

    init(log: ShopLog) {
        self.log = log
    }

    func marquee(willDisplay message: InAppMessage) {
        log.add("Showing “\(message.campaignName)”")
    }

    func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution) {
        log.add("“\(message.campaignName)” closed: \(resolution)")
    }

    func marquee(noMatchingTriggerFor event: Event) {
        log.add("No campaign listens for \(event.name.isEmpty ? "this event" : event.name)")
    }

    func marqueePairingDidEnd() {
        log.add("The dashboard ended the pairing")
    }

    func marquee(didRequestPushPermission granted: Bool) {
        log.add(granted ? "Notifications allowed; registering" : "Notifications not allowed")
    }

    func marquee(didRegisterForPush registration: PushRegistration) {
        switch registration {
        case .registered:
            log.add("Device token: \(registration.deviceTokenHex ?? "")")
        case .failed(let reason):
            log.add("Push registration failed: \(reason)")
        }
    }
}
