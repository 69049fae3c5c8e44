import MarqueeWire

/// What one row of ``CampaignCounts`` counts. Stored by name.
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

    /// The metric an impression of `type` adds to; `nil` for the invalid code.
    init?(_ type: ImpressionTypeCode) {
        switch type {
        case .impression: self = .impression
        case .actionOne: self = .buttonOneClick
        case .actionTwo: self = .buttonTwoClick
        case .clickContent: self = .contentClick
        case .exit: self = .exit
        case .optOut: self = .optOut
        case .invalid: return nil
        }
    }
}
