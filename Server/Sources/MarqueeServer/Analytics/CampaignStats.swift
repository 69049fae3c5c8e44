import MarqueeModel

/// A campaign's figures over its whole life, as `GET …/stats` answers them: the counts of every
/// arm together, each arm apart, and the experiment's comparisons. Test campaigns' and testers'
/// traffic is counted apart, so previews never inflate a live campaign's figures.
struct CampaignStats: JSONResource {
    var campaignID: String
    /// Every arm together: impressions and clicks of the variants, control impressions of the
    /// control group, unique users and conversions of both.
    var metrics: CampaignMetrics
    /// Distinct users who saw a message (the control group's users are not viewers).
    var uniqueViewers: Int
    /// The same counts for impressions reported as test traffic.
    var testTraffic: CampaignMetrics
    /// Each arm of the experiment; empty without one.
    var variants: [ArmMetrics]
    var experiment: ExperimentReport?
    /// A carousel's displays that showed each page, from the first: its drop-off.
    var pageViews: [Int]? = nil

    enum CodingKeys: String, CodingKey { case campaignID, uniqueViewers, testTraffic, variants, experiment, pageViews }

    func encode(to encoder: any Encoder) throws {
        try metrics.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(campaignID, forKey: .campaignID)
        try c.encode(uniqueViewers, forKey: .uniqueViewers)
        try c.encode(testTraffic, forKey: .testTraffic)
        try c.encode(variants, forKey: .variants)
        try c.encodeIfPresent(experiment, forKey: .experiment)
        try c.encodeIfPresent(pageViews, forKey: .pageViews)
    }
}
