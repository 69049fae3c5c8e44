import Foundation
import MarqueeModel
import MarqueeWire

/// Placements: the embedded campaign each placement shows (``PlacementSelection``), the
/// impressions and taps views report, and the readers of each placement's changes.
extension MarqueeCore {
    /// What `placement` shows now for the current user; `nil` when no embedded campaign is eligible.
    func placementContent(_ placement: String) -> PlacementContent? {
        guard isActive else { return nil }
        let bucket = self.bucket
        let now = self.now
        guard let chosen = PlacementSelection.best(for: placement, in: bucket.campaigns, isEligible: { bucket.isEligible($0, now: now) }),
              let campaign = listedCampaign(chosen.id) else { return nil }
        let personalization = bucket.serverAttributes.merging((provider?.attributes ?? [:]).filter { !$0.value.isEmpty }) { _, app in app }
        return PlacementContent(campaignID: campaign.id, campaignName: campaign.name, placement: placement,
                                message: campaign.localized(to: messageLanguage).message, personalization: personalization,
                                isTest: campaign.isTest)
    }

    /// The content of `placement` after earlier commands, for the user the provider names now.
    func currentPlacementContent(_ placement: String) async -> PlacementContent? {
        await withCheckedContinuation { submit(.barrier($0)) }
        refreshIdentity()
        return placementContent(placement)
    }

    /// One view of `campaignID`'s content that the user saw: it uses up an impression and counts
    /// toward the frequency caps, as a display does, and goes to the server as an impression.
    /// The placement may then show the next campaign. Returns whether it counted: content that
    /// is no longer eligible (its last impression counted already) does not count again.
    func recordPlacementImpression(of campaignID: String) -> Bool {
        let date = now
        guard isActive, let campaign = listedCampaign(campaignID), campaign.channel == .embedded, bucket.isEligible(campaign, now: date) else {
            return false
        }
        bucket.recordDisplay(of: campaign, at: date)
        saveBucket()
        sendImpressions([ImpressionDTO(type: .impression, timestamp: Self.millis(date))], of: campaign, variant: nil, for: identity, at: date)
        if let goal = campaign.goal {
            recordExposure(ExposureRecord(at: date, variant: nil, goal: goal, isTest: campaign.isTest, campaignName: campaign.name),
                           of: campaign.id, for: identity)
        }
        publishPlacements()
        return true
    }

    /// A tap on `campaignID`'s content: on one of its buttons, or on the content itself (`nil`).
    /// As for a message shown over the app, a push primer asks for permission and the event the
    /// action logs may trigger another campaign or reach a goal.
    func recordPlacementClick(of campaignID: String, buttonID: String?) async -> Bool {
        let date = now
        guard isActive, let campaign = listedCampaign(campaignID), campaign.channel == .embedded else { return false }
        let resolution: DisplayResolution
        let type: ImpressionTypeCode
        if let buttonID {
            guard let index = campaign.message.buttons.firstIndex(where: { $0.id == buttonID }) else { return false }
            resolution = .buttonClick(id: buttonID)
            type = index == 1 ? .actionTwo : .actionOne
        } else {
            resolution = .contentClick
            type = .clickContent
        }
        sendImpressions([ImpressionDTO(type: type, timestamp: Self.millis(date))], of: campaign, variant: nil, for: identity, at: date)
        let action = Self.clickedAction(of: campaign.message, for: resolution)
        if action?.type == .pushPrimer { await requestPushPermission() }
        if let emitted = action?.logsEvent { await log(emitted.event) }
        return true
    }

    /// Tells each placement's readers what it shows now: after a sync, a change of user or an impression.
    func publishPlacements() {
        guard !placementReaders.isEmpty else { return }
        for placement in placementReaders.placements {
            placementReaders.publish(placementContent(placement), to: placement)
        }
    }
}

extension MarqueeCore {
    /// ``MarqueePlacements/recordImpression(_:)``, in order with the commands before it.
    func placementImpression(of campaignID: String) async -> Bool {
        await withCheckedContinuation { submit(.placementImpression(campaignID: campaignID, $0)) }
    }

    /// ``MarqueePlacements/recordClick(_:buttonID:)``, in order with the commands before it.
    func placementClick(of campaignID: String, buttonID: String?) async -> Bool {
        await withCheckedContinuation { submit(.placementClick(campaignID: campaignID, buttonID: buttonID, $0)) }
    }
}
