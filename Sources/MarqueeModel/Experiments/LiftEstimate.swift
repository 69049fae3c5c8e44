import Foundation

/// How one variant's conversion rate compares with the control group's, with 95 % confidence
/// intervals. The method:
///
/// - **Difference** `d = p₁ − p₀` of the two rates, with the two-proportion (Wald, unpooled)
///   interval `d ± z·√(p₁(1−p₁)/n₁ + p₀(1−p₀)/n₀)`, `z = 1.959964` for 95 %.
/// - **Relative lift** `d / p₀`, with a delta-method interval on the log of the ratio:
///   `exp(ln(p₁/p₀) ± z·√((1−p₁)/x₁ + (1−p₀)/x₀)) − 1`, where `x` are conversions. It needs a
///   conversion in each arm; without one there is no relative interval.
/// - **Verdict**: ``Verdict/notEnoughData`` until each arm has ``minimumUsers`` users and at least
///   ``minimumOutcomes`` users who converted and as many who did not (below that the normal
///   approximation reports confidence it does not have); then ``Verdict/notYetSignificant``
///   until the difference's interval excludes zero, and ``Verdict/better`` or
///   ``Verdict/worse`` once it does.
///
/// The test is meant to be read once, at the end of a run whose length was fixed in advance:
/// checking it every day and stopping at the first "better" finds differences that are not
/// there more often than 5 % of the time.
public struct LiftEstimate: Sendable, Hashable, Codable {
    /// What the estimate says.
    public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
        /// An arm is too small to say anything.
        case notEnoughData
        /// The interval of the difference still includes zero.
        case notYetSignificant
        /// The variant converts better than the control group (the whole interval is above zero).
        case better
        /// The variant converts worse (the whole interval is below zero).
        case worse
    }

    public var variant: ConversionRate
    public var control: ConversionRate
    /// `p₁ − p₀`, as a fraction (0.02 is two percentage points).
    public var difference: Double
    public var differenceLow: Double
    public var differenceHigh: Double
    /// `(p₁ − p₀) / p₀`; `nil` when the control group has no conversions.
    public var relativeLift: Double?
    public var relativeLiftLow: Double?
    public var relativeLiftHigh: Double?
    public var verdict: Verdict

    /// The two-sided 95 % quantile of the standard normal distribution.
    public static let z = 1.959963984540054
    /// Users each arm needs before a verdict.
    public static let minimumUsers = 100
    /// Converted and unconverted users each arm needs before a verdict.
    public static let minimumOutcomes = 5

    public init(variant: ConversionRate, control: ConversionRate) {
        self.variant = variant
        self.control = control
        let (p1, p0) = (variant.rate, control.rate)
        difference = p1 - p0
        let margin = Self.z * (variant.variance + control.variance).squareRoot()
        differenceLow = difference - margin
        differenceHigh = difference + margin
        if p0 > 0 {
            relativeLift = difference / p0
            if variant.conversions > 0 {
                let logRatio = log(p1 / p0)
                let logSE = ((1 - p1) / Double(variant.conversions) + (1 - p0) / Double(control.conversions)).squareRoot()
                relativeLiftLow = exp(logRatio - Self.z * logSE) - 1
                relativeLiftHigh = exp(logRatio + Self.z * logSE) - 1
            }
        }
        let enough = [variant, control].allSatisfy { arm in
            arm.users >= Self.minimumUsers && arm.conversions >= Self.minimumOutcomes
                && arm.users - arm.conversions >= Self.minimumOutcomes
        }
        verdict = !enough ? .notEnoughData : differenceLow > 0 ? .better : differenceHigh < 0 ? .worse : .notYetSignificant
    }

    /// Whether the difference's interval excludes zero with enough data.
    public var isSignificant: Bool {
        switch verdict {
        case .better, .worse: true
        case .notEnoughData, .notYetSignificant: false
        }
    }
}
