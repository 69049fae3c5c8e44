import Foundation
import MarqueeModel
import MarqueeWire

/// Previews the dashboard sends a paired device: shown at once, beside whatever is on screen,
/// without triggers, caps, contexts or the display interval, and counted nowhere. Delegates and
/// presenters see ``InAppMessage/isPreview``.
extension MarqueeCore {
    func showPreview(_ preview: LivePreview) {
        let campaign: Campaign
        do {
            campaign = try preview.campaign.campaignData.campaign()
        } catch {
            return report(.invalidResponse(endpoint: "live", description: "preview: \(error)"))
        }
        var shown = campaign
        // Its own id: the campaign it previews may be waiting in the queue too.
        shown.id = "preview-\(environment.random.uuid())"
        pairing.previewing(shown.id)
        noteDebug(.preview, campaign: campaign, text: "showing a preview of \(campaign.name)")
        scheduler.enqueue(shown, for: identity, isLocal: true, at: now, coordinator: .immediate)
        startQueue()
    }
}
