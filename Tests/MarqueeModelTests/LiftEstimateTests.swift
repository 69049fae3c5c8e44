import Foundation
import MarqueeModel
import Testing

/// The two-proportion interval against values worked out by hand (the arithmetic is in the comments).
@Suite("Lift and its confidence interval")
struct LiftEstimateTests {
    private func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test func aSmallDifferenceIsNotYetSignificant() {
        // p₁ = 120/1000 = 0.12, p₀ = 100/1000 = 0.10, d = 0.02.
        // SE = √(0.12·0.88/1000 + 0.10·0.90/1000) = √(0.0001056 + 0.00009) = √0.0001956 = 0.0139857
        // margin = 1.959964 · 0.0139857 = 0.0274115 → [−0.0074115, 0.0474115]: includes zero.
        let estimate = LiftEstimate(variant: ConversionRate(users: 1000, conversions: 120), control: ConversionRate(users: 1000, conversions: 100))
        #expect(close(estimate.difference, 0.02))
        #expect(close(estimate.differenceLow, -0.0074115))
        #expect(close(estimate.differenceHigh, 0.0474115))
        #expect(close(estimate.relativeLift, 0.2))
        #expect(estimate.verdict == .notYetSignificant)
        #expect(!estimate.isSignificant)
    }

    @Test func aClearWinIsBetterWithARelativeInterval() {
        // p₁ = 300/2000 = 0.15, p₀ = 200/2000 = 0.10, d = 0.05.
        // SE = √(0.15·0.85/2000 + 0.10·0.90/2000) = √(0.00006375 + 0.000045) = √0.00010875 = 0.0104283
        // margin = 1.959964 · 0.0104283 = 0.0204391 → [0.0295609, 0.0704391]: above zero.
        // Relative: ln(0.15/0.10) = ln 1.5 = 0.4054651; SE = √(0.85/300 + 0.90/200) = √0.0073333 = 0.0856349;
        // ± 1.959964 · 0.0856349 = ± 0.1678413 → e^0.2376238 − 1 = 0.2682320, e^0.5733064 − 1 = 0.7741233.
        let estimate = LiftEstimate(variant: ConversionRate(users: 2000, conversions: 300), control: ConversionRate(users: 2000, conversions: 200))
        #expect(close(estimate.difference, 0.05))
        #expect(close(estimate.differenceLow, 0.0295609))
        #expect(close(estimate.differenceHigh, 0.0704391))
        #expect(close(estimate.relativeLift, 0.5))
        #expect(close(estimate.relativeLiftLow, 0.2682320))
        #expect(close(estimate.relativeLiftHigh, 0.7741233))
        #expect(estimate.verdict == .better)
    }

    @Test func aClearLossIsWorse() {
        // p₁ = 0.08, p₀ = 0.12 (n = 1000 each), d = −0.04.
        // SE = √(0.08·0.92/1000 + 0.12·0.88/1000) = √(0.0000736 + 0.0001056) = √0.0001792 = 0.0133866
        // margin = 0.0262372 → [−0.0662372, −0.0137628]: below zero.
        let estimate = LiftEstimate(variant: ConversionRate(users: 1000, conversions: 80), control: ConversionRate(users: 1000, conversions: 120))
        #expect(close(estimate.differenceLow, -0.0662372))
        #expect(close(estimate.differenceHigh, -0.0137628))
        #expect(close(estimate.relativeLift, -1.0 / 3.0))
        #expect(estimate.verdict == .worse)
    }

    @Test func smallSamplesSayNotEnoughDataHoweverLargeTheGap() {
        // 60 % against 10 % is far apart, but 10 users per arm cannot carry a normal approximation.
        let tiny = LiftEstimate(variant: ConversionRate(users: 10, conversions: 6), control: ConversionRate(users: 10, conversions: 1))
        #expect(tiny.verdict == .notEnoughData)
        // Enough users, but too few conversions in the control group.
        let rare = LiftEstimate(variant: ConversionRate(users: 5000, conversions: 40), control: ConversionRate(users: 5000, conversions: 3))
        #expect(rare.verdict == .notEnoughData)
        // No control conversions: no relative lift, and no division by zero.
        let none = LiftEstimate(variant: ConversionRate(users: 100, conversions: 5), control: ConversionRate(users: 100, conversions: 0))
        #expect(none.relativeLift == nil)
        #expect(none.relativeLiftLow == nil)
        let empty = LiftEstimate(variant: ConversionRate(users: 0, conversions: 0), control: ConversionRate(users: 0, conversions: 0))
        #expect(empty.difference == 0 && empty.differenceLow == 0 && empty.differenceHigh == 0)
        #expect(empty.verdict == .notEnoughData)
    }
}
