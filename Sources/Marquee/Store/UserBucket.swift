import Foundation
import MarqueeModel

/// Impressions left for one campaign, with the maximum they were counted against.
struct ImpressionRecord: Sendable, Hashable, Codable {
    var maxImpressions: Int
    var left: Int
}

/// Everything the SDK keeps for one user on this device: one bucket per identity, including the anonymous user.
struct UserBucket: Sendable, Hashable, Codable {
    /// The ``UserIdentity/key`` this bucket belongs to (checked on load).
    var identityKey: String
    /// The campaigns of the last successful ping, in the server's order.
    var campaigns: [Campaign] = []
    var impressions: [String: ImpressionRecord] = [:]
    var optedOut: Set<String> = []
    var progress = TriggerProgress()
    /// When each campaign was last shown (re-eligibility delay).
    var lastDisplayed: [String: Date] = [:]
    /// Display times per frequency cap.
    var capHistory: [String: [Date]] = [:]
    var frequencyCaps: [FrequencyCap] = []
    /// `currentPingMillis` of the last ping.
    var lastPingMillis: Int64 = 0

    /// Whether a ping has filled this bucket at least once.
    var hasSynced: Bool { lastPingMillis != 0 || !campaigns.isEmpty }

    init(identityKey: String) {
        self.identityKey = identityKey
    }

    /// Adopts the server's campaign list: order kept, missing campaigns dropped, opt-outs kept, and
    /// impressions left adjusted by the change in `maxImpressions`, clamped at zero. Test campaigns
    /// get one impression per sync.
    mutating func adopt(_ campaigns: [Campaign], caps: [FrequencyCap], pingMillis: Int64) {
        var records: [String: ImpressionRecord] = [:]
        for campaign in campaigns {
            let newMax = campaign.delivery.maxImpressions
            if campaign.isTest {
                records[campaign.id] = ImpressionRecord(maxImpressions: newMax, left: 1)
            } else if let old = impressions[campaign.id] {
                let (sum, overflow) = old.left.addingReportingOverflow(newMax - old.maxImpressions)
                records[campaign.id] = ImpressionRecord(maxImpressions: newMax, left: overflow ? Int.max : max(0, sum))
            } else {
                records[campaign.id] = ImpressionRecord(maxImpressions: newMax, left: newMax)
            }
        }
        let ids = Set(campaigns.map(\.id))
        self.campaigns = campaigns
        impressions = records
        optedOut.formIntersection(ids)
        lastDisplayed = lastDisplayed.filter { ids.contains($0.key) }
        frequencyCaps = caps
        lastPingMillis = pingMillis
    }

    /// Impressions left for `campaign`; `Int.max` when unlimited.
    func impressionsLeft(_ campaign: Campaign) -> Int {
        if campaign.delivery.infiniteImpressions && !campaign.isTest { return .max }
        return impressions[campaign.id]?.left ?? campaign.delivery.maxImpressions
    }

    /// Whether `campaign` may be shown at `now`, before display permission and context checks.
    func isEligible(_ campaign: Campaign, now: Date) -> Bool {
        guard impressionsLeft(campaign) > 0 else { return false }
        if campaign.isTest { return true }
        guard !optedOut.contains(campaign.id), campaign.delivery.isLive(at: now) else { return false }
        if let delay = campaign.delivery.reEligibilitySeconds, let last = lastDisplayed[campaign.id],
           now.timeIntervalSince(last) < delay { return false }
        for capID in campaign.delivery.frequencyCapIDs {
            guard let cap = frequencyCaps.first(where: { $0.id == capID }) else { continue }
            let recent = (capHistory[capID] ?? []).filter { now.timeIntervalSince($0) < cap.periodSeconds }
            if recent.count >= cap.limit { return false }
        }
        return true
    }

    /// Records a display that ended at `now` and was not interrupted, with the user's opt-out
    /// (ignored for test campaigns).
    mutating func recordEnd(of campaign: Campaign, optedOut: Bool, at now: Date) {
        recordDisplay(of: campaign, at: now)
        if optedOut && !campaign.isTest { self.optedOut.insert(campaign.id) }
    }

    /// Records one display that the user saw to its end.
    mutating func recordDisplay(of campaign: Campaign, at now: Date) {
        if !(campaign.delivery.infiniteImpressions && !campaign.isTest) {
            var record = impressions[campaign.id]
                ?? ImpressionRecord(maxImpressions: campaign.delivery.maxImpressions, left: campaign.delivery.maxImpressions)
            record.left = max(0, record.left - 1)
            impressions[campaign.id] = record
        }
        lastDisplayed[campaign.id] = now
        for capID in campaign.delivery.frequencyCapIDs {
            let period = frequencyCaps.first { $0.id == capID }?.periodSeconds ?? 0
            capHistory[capID, default: []].removeAll { now.timeIntervalSince($0) >= period }
            capHistory[capID, default: []].append(now)
        }
    }
}
