import Foundation
import MarqueeModel

/// A conversion the SDK recorded: the user logged a campaign's goal event within the goal's
/// window after seeing the campaign (or being held back from it in the control group). It is
/// sent to the server through the outbox, once per user per campaign.
public struct Conversion: Sendable, Hashable {
    /// The campaign whose goal was reached.
    public var campaignID: String
    public var campaignName: String
    /// The experiment arm the user was in (a variant id or `control`); `nil` without an experiment.
    public var variant: String?
    /// The event that converted.
    public var event: Event
    /// When the user saw the campaign, or was held back from it.
    public var exposedAt: Date
    public var convertedAt: Date

    /// Creates a conversion value.
    public init(campaignID: String, campaignName: String, variant: String?, event: Event, exposedAt: Date, convertedAt: Date) {
        self.campaignID = campaignID
        self.campaignName = campaignName
        self.variant = variant
        self.event = event
        self.exposedAt = exposedAt
        self.convertedAt = convertedAt
    }
}
