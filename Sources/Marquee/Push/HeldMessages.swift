import Foundation
import MarqueeModel

/// In-app messages that pushes delivered (Acoustic's `inApp` object), kept on the device until
/// they are used up or expire, and shown by rule events (``MarqueeSDK/executeRule(_:)``).
///
/// They belong to the device, whoever is signed in, and the server never hears of them: no
/// display permission, no impressions. A push delivered twice is one message (its ID is a hash
/// of its content), so a repeat never restores the views already used.
struct HeldMessages: Sendable, Hashable, Codable {
    static let fileName = "held-messages.json"

    struct Entry: Sendable, Hashable, Codable {
        var campaign: Campaign
        var receivedAt: Date
        var viewsLeft: Int
    }

    /// Oldest first.
    private(set) var entries: [Entry] = []

    /// Keeps `campaign`, unless a message with its ID is held already; returns whether it is new.
    mutating func hold(_ campaign: Campaign, at now: Date) -> Bool {
        prune(at: now)
        guard !contains(campaign.id) else { return false }
        entries.append(Entry(campaign: campaign, receivedAt: now, viewsLeft: campaign.delivery.maxImpressions))
        return true
    }

    /// Drops the messages that were used up or expired.
    mutating func prune(at now: Date) {
        entries.removeAll { $0.viewsLeft <= 0 || ($0.campaign.delivery.endTime.map { now > $0 } ?? false) }
    }

    func contains(_ campaignID: String) -> Bool {
        entries.contains { $0.campaign.id == campaignID }
    }

    /// The oldest message that listens for one of `events` and may show at `now` (its trigger
    /// date has come, it has not expired, views are left): a rule shows one held message.
    func oldestReady(for events: [Event], at now: Date) -> Campaign? {
        let keys = Set(events.map(\.key))
        return entries.first { entry in
            entry.viewsLeft > 0 && entry.campaign.delivery.isLive(at: now)
                && entry.campaign.triggers.allTriggers.contains { keys.contains($0.key) }
        }?.campaign
    }

    /// Counts one view of the message, if it is held.
    mutating func recordView(of campaignID: String) {
        guard let index = entries.firstIndex(where: { $0.campaign.id == campaignID }) else { return }
        entries[index].viewsLeft = max(0, entries[index].viewsLeft - 1)
    }
}
