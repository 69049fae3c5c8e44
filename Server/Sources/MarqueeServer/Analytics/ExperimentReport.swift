import MarqueeModel

/// Each variant of a campaign's experiment against its control group: conversion rates, the
/// difference with its 95 % interval, relative lift and a verdict (``LiftEstimate`` documents the
/// method). Counted over the whole experiment (within the retention period), not a time range:
/// users and their conversions must be the same people for the comparison to mean anything.
struct ExperimentReport: Encodable, Sendable {
    /// One variant against the control group, flat: what a dashboard or a spreadsheet reads.
    struct Comparison: Encodable, Sendable {
        var variant: String
        var estimate: LiftEstimate

        enum CodingKeys: String, CodingKey {
            case variant, verdict, significant, users, conversions, conversionRate, controlUsers, controlConversions
            case controlConversionRate, difference, differenceLow, differenceHigh, relativeLift, relativeLiftLow, relativeLiftHigh
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(variant, forKey: .variant)
            try c.encode(estimate.verdict, forKey: .verdict)
            try c.encode(estimate.isSignificant, forKey: .significant)
            try c.encode(estimate.variant.users, forKey: .users)
            try c.encode(estimate.variant.conversions, forKey: .conversions)
            try c.encode(estimate.variant.rate, forKey: .conversionRate)
            try c.encode(estimate.control.users, forKey: .controlUsers)
            try c.encode(estimate.control.conversions, forKey: .controlConversions)
            try c.encode(estimate.control.rate, forKey: .controlConversionRate)
            try c.encode(estimate.difference, forKey: .difference)
            try c.encode(estimate.differenceLow, forKey: .differenceLow)
            try c.encode(estimate.differenceHigh, forKey: .differenceHigh)
            try c.encodeIfPresent(estimate.relativeLift, forKey: .relativeLift)
            try c.encodeIfPresent(estimate.relativeLiftLow, forKey: .relativeLiftLow)
            try c.encodeIfPresent(estimate.relativeLiftHigh, forKey: .relativeLiftHigh)
        }
    }

    var goal: ConversionGoal?
    var controlPercent: Double
    var method: String
    /// One per variant; empty without a control group or a goal.
    var comparisons: [Comparison]

    static let methodText = "two-proportion z interval (Wald, unpooled, 95 %) on the difference of conversion rates; "
        + "relative lift with a delta-method interval on the log ratio; no verdict until each arm has "
        + "\(LiftEstimate.minimumUsers) users and \(LiftEstimate.minimumOutcomes) converted and unconverted users"

    /// The report of `campaign`'s experiment from all-time per-arm counts; `nil` without an experiment.
    init?(campaign: Campaign, arms: [String: CampaignMetrics]) {
        guard let experiment = campaign.experiment else { return nil }
        goal = campaign.goal
        controlPercent = experiment.controlPercent
        method = Self.methodText
        guard campaign.goal != nil, experiment.controlPercent > 0 else {
            comparisons = []
            return
        }
        let control = arms[ExperimentArm.controlID] ?? CampaignMetrics()
        comparisons = experiment.arms.map { variant in
            let metrics = arms[variant.id] ?? CampaignMetrics()
            return Comparison(variant: variant.id, estimate: LiftEstimate(
                variant: ConversionRate(users: metrics.uniqueUsers, conversions: metrics.conversions),
                control: ConversionRate(users: control.uniqueUsers, conversions: control.conversions)))
        }
    }
}
