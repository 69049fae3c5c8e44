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

    /// The same decision from a campaign's plain facts; its targeting is read only when it has
    /// rules, and not at all when its only rules are segments and `segments` decides them (the
    /// user's segments as bits, ``CampaignCatalog/SegmentMask``; `nil` when not known).
    func admits(_ facts: CampaignCatalog.DeliveryFacts, targeting: @autoclosure () -> Targeting,
                segments: (mask: CampaignCatalog.SegmentMask, members: UInt64?)? = nil) -> Bool {
        guard facts.isActive, DeliveryRules.isLive(at: now, from: facts.start, until: facts.end) else { return false }
        if facts.isTest { return isTester }
        if facts.admitsEveryone { return true }
        if facts.targetsOnlySegments, let segments {
            // Unknown membership (an anonymous or unverified user) is in no segment and out of none.
            return segments.members.map(segments.mask.admits) ?? false
        }
        return targeting().admits(device)
    }
}
