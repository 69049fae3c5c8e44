import Foundation
import MarqueeModel
import MarqueeWire

/// Impressions left for one campaign, with the maximum they were counted against.
struct ImpressionRecord: Sendable, Hashable, Codable {
    var maxImpressions: Int
    var left: Int
}

/// What a user had of a campaign the server stopped listing (paused, or outside a schedule), kept
/// so that the campaign comes back as it left: opted out, with the same impressions left and the
/// same re-eligibility clock.
struct AbsentCampaign: Sendable, Hashable, Codable {
    /// When the campaign was first missing from a ping.
    var since: Date
    var impressions: ImpressionRecord?
    var optedOut: Bool
    var lastDisplayed: Date?
}

/// Everything the SDK keeps for one user on this device: one bucket per identity, including the anonymous user.
///
/// Its state changes only through its named mutations, each of which keeps the bucket's rules
/// (impressions never below zero, a campaign's state set aside while it is missing); readers use
/// its properties and its questions (``isEligible(_:now:)``, ``impressionsLeft(_:)``).
struct UserBucket: Sendable, Hashable {
    /// How long the user's state of a campaign missing from the server's list is kept: 30 days.
    ///
    /// A campaign paused and resumed within this time keeps its opt-out, impressions left and
    /// re-eligibility clock; after it, the state is dropped at the next ping, so a device does not
    /// keep every campaign it ever saw. Frequency-cap history is per cap and is always kept.
    static let absentCampaignRetention: TimeInterval = 30 * 24 * 60 * 60

    /// The ``UserIdentity/key`` this bucket belongs to (checked on load).
    let identityKey: String
    /// The campaigns of the last successful ping and their fingerprint, kept in a file of their
    /// own (``CampaignCatalog``) and not with the rest of the bucket.
    private(set) var catalog: CampaignCatalog
    /// Whether the bucket was read from a file that still held the campaigns, as files did before
    /// the catalog had its own: the loader moves them there once.
    private(set) var hasInlineCampaigns = false
    private(set) var impressions: [String: ImpressionRecord] = [:]
    private(set) var optedOut: Set<String> = []
    private(set) var progress = TriggerProgress()
    /// When each campaign was last shown (re-eligibility delay).
    private(set) var lastDisplayed: [String: Date] = [:]
    /// Display times per frequency cap.
    private(set) var capHistory: [String: [Date]] = [:]
    private(set) var frequencyCaps: [FrequencyCap] = []
    /// `currentPingMillis` of the last ping.
    private(set) var lastPingMillis: Int64 = 0
    /// The user's state of campaigns missing from the last pings, by campaign ID, kept for
    /// ``absentCampaignRetention``.
    private(set) var absent: [String: AbsentCampaign] = [:]
    /// The latest exposure to each campaign with a goal, by campaign ID, while its window is open.
    private(set) var exposures: [String: ExposureRecord] = [:]
    /// Campaigns whose goal this user reached: a conversion is reported once per campaign.
    private(set) var converted: Set<String> = []
    /// The user's placeholder values the server keeps (verified users only), as of the last ping.
    private(set) var serverAttributes: [String: String] = [:]

    /// The file the bucket is kept in (``FileStore``), one per identity; its catalog has its own.
    var fileName: String { FileStore.bucketFileName(for: identityKey) }

    /// Whether a ping has filled this bucket at least once.
    var hasSynced: Bool { lastPingMillis != 0 || !catalog.isEmpty }

    /// The campaigns of the last successful ping, in the server's order, as summaries: what
    /// triggers and eligibility read. A display reads the whole campaign from ``catalog``.
    var campaigns: [Campaign] { catalog.summaries }

    /// The server's fingerprint of ``campaigns`` and ``frequencyCaps``, sent with the next ping so
    /// an unchanged list need not travel again. It is stored with the list it describes.
    var listFingerprint: String? { catalog.fingerprint }

    init(identityKey: String) {
        self.identityKey = identityKey
        catalog = CampaignCatalog(identityKey: identityKey)
    }

    /// Adopts the server's campaign list at `now`: order kept, opt-outs kept, and impressions left
    /// adjusted by the change in `maxImpressions`, clamped at zero. Test campaigns get one
    /// impression per sync. A campaign missing from the list has its user state set aside and
    /// restored if it comes back within ``absentCampaignRetention``.
    mutating func adopt(_ campaigns: [Campaign], caps: [FrequencyCap], pingMillis: Int64, now: Date, fingerprint: String? = nil) {
        adopt(CampaignCatalog(identityKey: identityKey, campaigns: campaigns, fingerprint: fingerprint),
              caps: caps, pingMillis: pingMillis, now: now)
    }

    /// Adopts `catalog` as ``adopt(_:caps:pingMillis:now:fingerprint:)`` adopts a list; the list
    /// held is adopted again this way, without encoding it anew.
    mutating func adopt(_ catalog: CampaignCatalog, caps: [FrequencyCap], pingMillis: Int64, now: Date) {
        let campaigns = catalog.summaries
        let ids = Set(campaigns.map(\.id))
        absent = absent.filter { now.timeIntervalSince($0.value.since) < Self.absentCampaignRetention }
        // Set aside what the user had of campaigns that are no longer listed.
        let known = Set(impressions.keys).union(optedOut).union(lastDisplayed.keys).union(self.campaigns.map(\.id))
        for id in known.subtracting(ids) {
            // A display that ended after the campaign went missing updates what was set aside.
            var entry = absent[id] ?? AbsentCampaign(since: now, impressions: nil, optedOut: false, lastDisplayed: nil)
            if let record = impressions[id] { entry.impressions = record }
            if optedOut.contains(id) { entry.optedOut = true }
            if let last = lastDisplayed[id] { entry.lastDisplayed = last }
            absent[id] = entry
        }
        // Bring back what the user had of campaigns listed again.
        for id in ids {
            guard let returning = absent.removeValue(forKey: id) else { continue }
            if let record = returning.impressions { impressions[id] = record }
            if returning.optedOut { optedOut.insert(id) }
            if let last = returning.lastDisplayed { lastDisplayed[id] = last }
        }
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
        self.catalog = catalog
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
        ineligibility(campaign, now: now) == nil
    }

    /// The rule that keeps `campaign` from showing at `now`, or `nil` when it may show (before
    /// display permission and context checks).
    func ineligibility(_ campaign: Campaign, now: Date) -> DebugReason? {
        guard impressionsLeft(campaign) > 0 else { return .impressionsUsedUp }
        if campaign.isTest { return nil }
        guard !optedOut.contains(campaign.id) else { return .optedOut }
        guard campaign.delivery.isLive(at: now) else { return .outsideDates }
        if let delay = campaign.delivery.reEligibilitySeconds, let last = lastDisplayed[campaign.id],
           now.timeIntervalSince(last) < delay { return .reEligibility }
        for capID in campaign.delivery.frequencyCapIDs {
            guard let cap = frequencyCaps.first(where: { $0.id == capID }) else { continue }
            let recent = (capHistory[capID] ?? []).filter { now.timeIntervalSince($0) < cap.periodSeconds }
            if recent.count >= cap.limit { return .frequencyCap }
        }
        return nil
    }

    /// Records a display that ended at `now` and was not interrupted, with the user's opt-out
    /// (ignored for test campaigns).
    mutating func recordEnd(of campaign: Campaign, optedOut: Bool, at now: Date) {
        recordDisplay(of: campaign, at: now)
        if optedOut && !campaign.isTest { self.optedOut.insert(campaign.id) }
    }

    /// Records a display the control group's user was held back from: it uses up an impression
    /// and starts the re-eligibility clock, as a display would, so held-back users are eligible
    /// exactly as often as those who see the message; it does not count toward the app's
    /// frequency caps, since the user saw nothing.
    mutating func recordHoldBack(of campaign: Campaign, at now: Date) {
        recordDisplay(of: campaign, at: now, countsTowardCaps: false)
    }

    /// Records an exposure to a campaign with a goal (an impression or a control impression).
    mutating func recordExposure(_ exposure: ExposureRecord, of campaignID: String) {
        exposures[campaignID] = exposure
    }

    /// Records that the user reached `campaignID`'s goal: its conversion is reported once.
    mutating func recordConversion(of campaignID: String) {
        converted.insert(campaignID)
    }

    /// Forgets exposures whose goal window has closed at `now`; returns whether any was.
    mutating func forgetClosedExposures(at now: Date) -> Bool {
        let closed = exposures.filter { !$0.value.isOpen(at: now) }.map(\.key)
        for id in closed { exposures[id] = nil }
        return !closed.isEmpty
    }

    /// Keeps the trigger engine's progress with the rest of the user's state.
    mutating func keep(_ progress: TriggerProgress) {
        self.progress = progress
    }

    /// Adopts the placeholder values the server keeps for the user, as of this ping.
    mutating func adoptServerAttributes(_ attributes: [String: String]) {
        serverAttributes = attributes
    }

    /// Forgets the list's fingerprint, so that the next ping asks for the whole list.
    mutating func forgetListFingerprint() {
        catalog.fingerprint = nil
    }

    /// Attaches the catalog read from its own file, when it is this user's.
    mutating func attach(_ stored: CampaignCatalog) {
        guard stored.identityKey == identityKey else { return }
        catalog = stored
    }

    /// Notes that the campaigns read with the bucket (an earlier SDK's file) now have their own file.
    mutating func catalogMovedToItsFile() {
        hasInlineCampaigns = false
    }

    /// Records one display that the user saw to its end.
    mutating func recordDisplay(of campaign: Campaign, at now: Date, countsTowardCaps: Bool = true) {
        if !(campaign.delivery.infiniteImpressions && !campaign.isTest) {
            var record = impressions[campaign.id]
                ?? ImpressionRecord(maxImpressions: campaign.delivery.maxImpressions, left: campaign.delivery.maxImpressions)
            record.left = max(0, record.left - 1)
            impressions[campaign.id] = record
        }
        lastDisplayed[campaign.id] = now
        guard countsTowardCaps else { return }
        for capID in campaign.delivery.frequencyCapIDs {
            let period = frequencyCaps.first { $0.id == capID }?.periodSeconds ?? 0
            capHistory[capID, default: []].removeAll { now.timeIntervalSince($0) >= period }
            capHistory[capID, default: []].append(now)
        }
    }
}

extension UserBucket: Codable {
    enum CodingKeys: String, CodingKey {
        case identityKey, campaigns, impressions, optedOut, progress, lastDisplayed, capHistory, frequencyCaps
        case lastPingMillis, absent, listFingerprint, exposures, converted, serverAttributes
    }

    /// Every field but the identity key has a default, so buckets written by earlier versions
    /// (without `absent`, for one) still load. Campaigns and their fingerprint found in the file
    /// (written before ``CampaignCatalog`` had a file of its own) become the catalog.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identityKey = try c.decode(String.self, forKey: .identityKey)
        catalog = CampaignCatalog(identityKey: identityKey)
        if let campaigns = try c.decodeIfPresent([Campaign].self, forKey: .campaigns) {
            catalog = CampaignCatalog(identityKey: identityKey, campaigns: campaigns,
                                      fingerprint: try c.decodeIfPresent(String.self, forKey: .listFingerprint))
            hasInlineCampaigns = true
        }
        impressions = try c.decodeIfPresent([String: ImpressionRecord].self, forKey: .impressions) ?? [:]
        optedOut = try c.decodeIfPresent(Set<String>.self, forKey: .optedOut) ?? []
        progress = try c.decodeIfPresent(TriggerProgress.self, forKey: .progress) ?? TriggerProgress()
        lastDisplayed = try c.decodeIfPresent([String: Date].self, forKey: .lastDisplayed) ?? [:]
        capHistory = try c.decodeIfPresent([String: [Date]].self, forKey: .capHistory) ?? [:]
        frequencyCaps = try c.decodeIfPresent([FrequencyCap].self, forKey: .frequencyCaps) ?? []
        lastPingMillis = try c.decodeIfPresent(Int64.self, forKey: .lastPingMillis) ?? 0
        absent = try c.decodeIfPresent([String: AbsentCampaign].self, forKey: .absent) ?? [:]
        exposures = try c.decodeIfPresent([String: ExposureRecord].self, forKey: .exposures) ?? [:]
        converted = try c.decodeIfPresent(Set<String>.self, forKey: .converted) ?? []
        serverAttributes = try c.decodeIfPresent([String: String].self, forKey: .serverAttributes) ?? [:]
    }

    /// Everything but the catalog, which ``CampaignCatalog`` stores in its own file.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identityKey, forKey: .identityKey)
        // A record with every impression left says nothing a missing one does not (both give the
        // campaign's maximum, now and at the next adopt), so the file grows with the campaigns
        // the user was shown, not with the list: a launch decodes 10,000 of them otherwise.
        try c.encode(impressions.filter { $0.value.left != $0.value.maxImpressions }, forKey: .impressions)
        try c.encode(optedOut, forKey: .optedOut)
        try c.encode(progress, forKey: .progress)
        try c.encode(lastDisplayed, forKey: .lastDisplayed)
        try c.encode(capHistory, forKey: .capHistory)
        try c.encode(frequencyCaps, forKey: .frequencyCaps)
        try c.encode(lastPingMillis, forKey: .lastPingMillis)
        try c.encode(absent, forKey: .absent)
        try c.encode(exposures, forKey: .exposures)
        try c.encode(converted, forKey: .converted)
    }
}
