/// One group of ``CampaignCounts`` rows as the analytics queries return it: the sums of every
/// metric for one arm (and bucket, and test flag, when grouped by them).
struct CountRow: Decodable, Sendable {
    var bucket: Int64?
    var variant: String
    var is_test: Bool?
    var impressions: Int64
    var button_one_clicks: Int64
    var button_two_clicks: Int64
    var content_clicks: Int64
    var exits: Int64
    var opt_outs: Int64
    var new_users: Int64
    var conversions: Int64

    var isControl: Bool { variant == "control" }

    /// The sums as metrics; in the control group's arm impressions are control impressions.
    var metrics: CampaignMetrics {
        var metrics = CampaignMetrics()
        for metric in CountMetric.allCases { metrics.add(Int(self[metric]), of: metric, inControl: isControl) }
        return metrics
    }

    subscript(metric: CountMetric) -> Int64 {
        switch metric {
        case .impression: impressions
        case .buttonOneClick: button_one_clicks
        case .buttonTwoClick: button_two_clicks
        case .contentClick: content_clicks
        case .exit: exits
        case .optOut: opt_outs
        case .newUser: new_users
        case .conversion: conversions
        }
    }
}
