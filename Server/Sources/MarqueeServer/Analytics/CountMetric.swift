import MarqueeWire

/// What one column of ``CampaignCounts`` counts.
enum CountMetric: String, Sendable, Hashable, CaseIterable, Codable {
    /// Impressions; in the control group's arm, control impressions.
    case impression
    case buttonOneClick, buttonTwoClick, contentClick, exit, optOut
    /// Users whose first impression (or control impression) of the campaign fell in the period;
    /// taken back when their record is retired (retention, erasure).
    case newUser
    /// Users who converted, once each, counted in the period of the conversion; taken back when
    /// their conversion is retired.
    case conversion

    /// The metric an impression of `type` adds to; `nil` for the invalid code and page views.
    init?(_ type: ImpressionTypeCode) {
        switch type {
        case .impression: self = .impression
        case .actionOne: self = .buttonOneClick
        case .actionTwo: self = .buttonTwoClick
        case .clickContent: self = .contentClick
        case .exit: self = .exit
        case .optOut: self = .optOut
        // Kept per page (``CampaignPageViews``).
        case .invalid, .pageView: return nil
        }
    }

    /// The column that holds it.
    var column: String {
        switch self {
        case .impression: "impressions"
        case .buttonOneClick: "button_one_clicks"
        case .buttonTwoClick: "button_two_clicks"
        case .contentClick: "content_clicks"
        case .exit: "exits"
        case .optOut: "opt_outs"
        case .newUser: "new_users"
        case .conversion: "conversions"
        }
    }
}
