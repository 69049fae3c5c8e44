import Foundation
import MarqueeModel

/// Displays the app made with its own UI (``MarqueeSDK/logDisplay(of:result:shownAt:)``),
/// counted as a presenter's would be.
extension MarqueeCore {
    func logAppDisplay(of message: InAppMessage, result: PresentationResult, shownAt: Date?) async {
        guard result.resolution != .interrupted else { return }
        if held.contains(message.id) { return recordHeldView(of: message.id) }
        guard !message.isLocal else { return }
        guard let campaign = bucket.campaigns.first(where: { $0.id == message.id }) else {
            return report(.unknownCampaign(message.id))
        }
        let finishedAt = now
        recordDisplay(of: campaign, optedOut: result.optedOut, for: identity, at: finishedAt)
        let displayed = Displaying(
            token: -1, item: QueuedMessage(campaign: campaign, identity: identity, isLocal: false, sequence: 0, readiedAt: shownAt ?? finishedAt),
            message: message, shownAt: shownAt ?? finishedAt, presenter: nil,
            arm: campaign.arm(for: experimentUnit(of: identity)), goal: campaign.goal)
        recordImpressions(for: displayed, result: result, at: finishedAt)
        if let emitted = Self.clickedAction(of: message.message, for: result.resolution)?.logsEvent { await log(emitted.event) }
    }
}
