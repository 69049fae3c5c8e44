import Foundation
import MarqueeModel
import MarqueeWire

/// Experiments and goals: which arm the user is in (``ExperimentAssignment``, as the server
/// computes it), holding back the control group, and reporting conversions through the outbox.
extension MarqueeCore {
    /// The unit `user` is assigned as on this device: the same key the server derives from the
    /// user's identifiers and the `device_id` header this SDK sends.
    func experimentUnit(of user: UserIdentity) -> ExperimentUnit {
        ExperimentUnit(identity: user, deviceID: device.deviceID)
    }

    /// The control group's turn: the campaign passed every check and would show now. Nothing is
    /// shown; it counts as a display for the campaign's own limits, a control impression goes
    /// to the server, and the goal's window opens, as for the users who see the message.
    func holdBack(_ campaign: Campaign, for user: UserIdentity) async {
        let date = now
        updateBucket(of: user) { $0.recordHoldBack(of: campaign, at: date) }
        sendImpressions([ImpressionDTO(type: .impression, timestamp: Self.millis(date))], of: campaign,
                        variant: ExperimentArm.controlID, for: user, at: date)
        if let goal = campaign.goal {
            recordExposure(ExposureRecord(at: date, variant: ExperimentArm.controlID, goal: goal, isTest: campaign.isTest,
                                          campaignName: campaign.name),
                           of: campaign.id, for: user)
        }
        var message = InAppMessage(campaign: campaign)
        message.variant = ExperimentArm.controlID
        let registry = self.registry
        await MainActor.run { [message] in registry.delegate?.marquee(didHoldBack: message) }
    }

    /// Opens (or restarts) the goal's window for `user`.
    func recordExposure(_ exposure: ExposureRecord, of campaignID: String, for user: UserIdentity) {
        updateBucket(of: user) { $0.recordExposure(exposure, of: campaignID) }
    }

    /// Reports a conversion for each campaign whose goal `event` is and whose window is open,
    /// once per campaign for the current user; windows that have closed are forgotten.
    func recordConversions(for event: Event) async {
        let date = now
        let user = identity
        var conversions: [Conversion] = []
        for (campaignID, exposure) in bucket.exposures.sorted(by: { $0.key < $1.key }) {
            guard !bucket.converted.contains(campaignID), exposure.goal.matches(event),
                  exposure.goal.attributes(date, toExposureAt: exposure.at) else { continue }
            bucket.recordConversion(of: campaignID)
            let request = ConversionRequest(
                campaignId: campaignID, isTest: exposure.isTest, userIdentifiers: UserIdentifierDTO.list(for: user),
                marqueeVariant: exposure.variant, exposedAt: Self.millis(exposure.at), convertedAt: Self.millis(date),
                batchId: environment.random.uuid())
            send(.conversion(request), for: user, at: date)
            conversions.append(Conversion(campaignID: campaignID, campaignName: exposure.campaignName, variant: exposure.variant,
                                          event: event, exposedAt: exposure.at, convertedAt: date))
        }
        let forgot = bucket.forgetClosedExposures(at: date)
        guard !conversions.isEmpty || forgot else { return }
        saveBucket()
        guard !conversions.isEmpty else { return }
        let registry = self.registry
        await MainActor.run { [conversions] in
            for conversion in conversions { registry.delegate?.marquee(didConvert: conversion) }
        }
    }

    /// Applies `change` to `user`'s bucket: the loaded one when that user is current, else the
    /// one in their file.
    func updateBucket(of user: UserIdentity, _ change: (inout UserBucket) -> Void) {
        if user.key == bucket.identityKey {
            change(&bucket)
            saveBucket()
        } else {
            var other = loadBucket(for: user)
            change(&other)
            files.write(other, to: other.fileName)
        }
    }
}
