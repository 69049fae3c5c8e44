/// A campaign's (or one arm's) counts: interactions, control impressions, unique users and
/// conversions, with the rates derived from them.
struct CampaignMetrics: Encodable, Equatable, Sendable {
    var impressions = 0
    var buttonOneClicks = 0
    var buttonTwoClicks = 0
    var contentClicks = 0
    var exits = 0
    var optOuts = 0
    /// Times users of the control group were eligible and shown nothing.
    var controlImpressions = 0
    /// Distinct users reached: who saw a message, or were held back in the control group.
    var uniqueUsers = 0
    /// Distinct users who converted within the goal's window.
    var conversions = 0

    var clicks: Int { buttonOneClicks + buttonTwoClicks + contentClicks }
    /// Clicks of any kind divided by impressions, 0 when there are none.
    var clickThroughRate: Double { impressions == 0 ? 0 : Double(clicks) / Double(impressions) }
    /// Users who converted divided by users reached, 0 when there are none.
    var conversionRate: Double { uniqueUsers == 0 ? 0 : Double(conversions) / Double(uniqueUsers) }

    /// Adds `total` of `metric`; in the control group's arm an impression is a control impression.
    mutating func add(_ total: Int, of metric: CountMetric, inControl: Bool) {
        switch metric {
        case .impression: if inControl { controlImpressions += total } else { impressions += total }
        case .buttonOneClick: buttonOneClicks += total
        case .buttonTwoClick: buttonTwoClicks += total
        case .contentClick: contentClicks += total
        case .exit: exits += total
        case .optOut: optOuts += total
        case .newUser: uniqueUsers += total
        case .conversion: conversions += total
        }
    }

    mutating func add(_ other: CampaignMetrics) {
        impressions += other.impressions
        buttonOneClicks += other.buttonOneClicks
        buttonTwoClicks += other.buttonTwoClicks
        contentClicks += other.contentClicks
        exits += other.exits
        optOuts += other.optOuts
        controlImpressions += other.controlImpressions
        uniqueUsers += other.uniqueUsers
        conversions += other.conversions
    }

    enum CodingKeys: String, CodingKey {
        case impressions, buttonOneClicks, buttonTwoClicks, contentClicks, exits, optOuts, controlImpressions
        case uniqueUsers, conversions, clickThroughRate, conversionRate
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(impressions, forKey: .impressions)
        try c.encode(buttonOneClicks, forKey: .buttonOneClicks)
        try c.encode(buttonTwoClicks, forKey: .buttonTwoClicks)
        try c.encode(contentClicks, forKey: .contentClicks)
        try c.encode(exits, forKey: .exits)
        try c.encode(optOuts, forKey: .optOuts)
        try c.encode(controlImpressions, forKey: .controlImpressions)
        try c.encode(uniqueUsers, forKey: .uniqueUsers)
        try c.encode(conversions, forKey: .conversions)
        try c.encode(clickThroughRate, forKey: .clickThroughRate)
        try c.encode(conversionRate, forKey: .conversionRate)
    }
}
