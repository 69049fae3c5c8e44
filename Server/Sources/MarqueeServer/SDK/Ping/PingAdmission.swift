import Foundation
import MarqueeModel

/// Step 2 of a ping: the campaigns admitted for the asker, by the keys of their forms in the
/// snapshot: targeting, schedule, rollout and experiment arm (``DeliveryAudience``), and what the
/// client can show.
struct PingAdmission {
    let keys: [UInt64]

    init(_ asker: PingAsker, now: Date) {
        let audience = DeliveryAudience(app: asker.app, device: asker.device, now: now)
        keys = asker.snapshot.admittedForms(for: audience, client: CampaignCatalog.CapabilityMask(client: asker.capabilities),
                                            pushPrimer: asker.body.supportsPushPrimer,
                                            unit: ExperimentUnit(identity: asker.identity.identity, deviceID: asker.caller.deviceID))
    }
}
