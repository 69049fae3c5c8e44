import Foundation
import MarqueeModel

/// The campaigns of one user's last successful ping, in the server's order, held so that a launch
/// does not decode them: each campaign is a summary, which is all that the trigger engine,
/// eligibility and ``MarqueeState`` read, plus the whole campaign encoded as JSON, decoded only
/// when it is about to be shown (``campaign(id:)``).
///
/// A summary is the campaign without what only a display reads: its message keeps its kind and a
/// tooltip's target element; its experiment's variants keep their ids, names and weights but not
/// their messages; its targeting (which the server applies) is left at the default.
///
/// Stored in a file of its own per user, in a compact layout (`CampaignCatalog+Storage`).
struct CampaignCatalog: Sendable, Hashable {
    /// The user the list belongs to (checked on load).
    let identityKey: String
    private(set) var summaries: [Campaign] = []
    /// Each campaign encoded whole, in the order of ``summaries``.
    private(set) var payloads: [Data] = []
    /// The server's fingerprint of the list and the frequency caps. It is kept with the list, so
    /// that a lost or unreadable list is never claimed as held.
    var fingerprint: String?

    init(identityKey: String) {
        self.identityKey = identityKey
    }

    init(identityKey: String, campaigns: [Campaign], fingerprint: String?) {
        let encoder = MarqueeJSONCoders.encoder
        self.identityKey = identityKey
        var summarizer = CampaignSummarizer()
        summaries = campaigns.map { summarizer.summary(of: $0) }
        // A campaign decoded from JSON always encodes; one that did not would fail at display, reported.
        payloads = campaigns.map { (try? encoder.encode($0)) ?? Data() }
        self.fingerprint = fingerprint
    }

    /// A catalog read from storage: `payloads[i]` is `summaries[i]`'s campaign.
    init(identityKey: String, summaries: [Campaign], payloads: [Data], fingerprint: String?) {
        self.identityKey = identityKey
        self.summaries = summaries
        self.payloads = payloads
        self.fingerprint = fingerprint
    }

    var isEmpty: Bool { summaries.isEmpty }

    /// The whole campaign `id`, decoded from its payload; `nil` when the list does not hold it.
    func campaign(id: String) throws -> Campaign? {
        guard let index = summaries.firstIndex(where: { $0.id == id }) else { return nil }
        return try MarqueeJSONCoders.decoder.decode(Campaign.self, from: payloads[index])
    }

    /// The file of `identityKey`'s catalog.
    static func fileName(for identityKey: String) -> String {
        FileStore.userFileStem(for: identityKey) + ".campaigns"
    }
}

/// Makes a catalog's summaries. Summaries of one message kind share one message (tooltips
/// aside, whose message names their element), so thousands of summaries hold a handful.
struct CampaignSummarizer {
    private var shared: [MessageKind: Campaign] = [:]

    mutating func summary(of campaign: Campaign) -> Campaign {
        summary(id: campaign.id, name: campaign.name, status: campaign.status, isTest: campaign.isTest,
                kind: campaign.message.kind, tooltipTarget: campaign.message.tooltip?.targetElementID,
                triggers: campaign.triggers, delivery: campaign.delivery, channel: campaign.channel, placement: campaign.placement,
                experiment: campaign.experiment.map { Experiment(variants: $0.variants.map(\.summary), controlPercent: $0.controlPercent) },
                goal: campaign.goal)
    }

    mutating func summary(id: String, name: String, status: CampaignStatus, isTest: Bool, kind: MessageKind,
                          tooltipTarget: String?, triggers: TriggerSet, delivery: DeliveryRules,
                          channel: CampaignChannel, placement: String?, experiment: Experiment?, goal: ConversionGoal?) -> Campaign {
        var summary: Campaign
        if let tooltipTarget {
            summary = Campaign(id: id, name: name, message: Message(kind: kind, title: "",
                                                                   tooltip: TooltipSettings(targetElementID: tooltipTarget)))
        } else if let template = shared[kind] {
            summary = template
        } else {
            summary = Campaign(id: id, name: name, message: Message(kind: kind, title: ""))
            shared[kind] = summary
        }
        summary.id = id
        summary.name = name
        summary.status = status
        summary.isTest = isTest
        summary.triggers = triggers
        summary.delivery = delivery
        summary.channel = channel
        summary.placement = placement
        summary.experiment = experiment
        summary.goal = goal
        return summary
    }
}

extension Variant {
    /// The variant without its message, which only a display reads.
    var summary: Variant { Variant(id: id, name: name, weight: weight) }
}
