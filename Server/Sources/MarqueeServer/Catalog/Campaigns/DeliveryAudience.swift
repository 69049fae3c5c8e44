import Foundation
import MarqueeModel

/// Decides whether one device may receive a campaign now: live window, test audience and targeting.
struct DeliveryAudience {
    let app: App
    let device: DeviceContext
    let now: Date
    let isTester: Bool

    init(app: App, device: DeviceContext, now: Date) {
        self.app = app
        self.device = device
        self.now = now
        isTester = app.settings.isTester(device)
    }

    func admits(_ campaign: Campaign) -> Bool {
        guard campaign.status == .active, campaign.delivery.isLive(at: now) else { return false }
        if campaign.isTest { return isTester }
        return campaign.targeting.admits(device)
    }
}
