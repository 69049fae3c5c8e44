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
        admits(CampaignCatalog.DeliveryFacts(campaign), targeting: campaign.targeting)
    }

    /// The same decision from a campaign's plain facts; its targeting is read only when it has rules.
    func admits(_ facts: CampaignCatalog.DeliveryFacts, targeting: @autoclosure () -> Targeting) -> Bool {
        guard facts.isActive, DeliveryRules.isLive(at: now, from: facts.start, until: facts.end) else { return false }
        if facts.isTest { return isTester }
        return facts.admitsEveryone || targeting().admits(device)
    }
}
