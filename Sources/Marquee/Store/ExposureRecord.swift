import Foundation
import MarqueeModel

/// The user's latest exposure to a campaign with a goal: when they saw it (or were held back
/// from it), in which arm, and the goal as it was then, so a conversion counts even after the
/// campaign has left the server's list. Kept for the goal's window.
struct ExposureRecord: Sendable, Hashable, Codable {
    var at: Date
    /// The experiment arm; `nil` for a campaign without an experiment.
    var variant: String?
    var goal: ConversionGoal
    var isTest: Bool
    var campaignName: String

    /// Whether an event at `date` would still count.
    func isOpen(at date: Date) -> Bool { date.timeIntervalSince(at) <= goal.window }
}
