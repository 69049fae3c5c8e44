import Foundation
import MarqueeModel

/// What a placement shows: an embedded campaign's card, in the user's language, with the
/// values its placeholders take. Views render ``message`` with the renderer's embedded layout
/// (``MarqueeRender/RenderOptions/isEmbedded``), report it seen once at least half of it is on
/// screen (``MarqueePlacements/recordImpression(_:)``) and report taps
/// (``MarqueePlacements/recordClick(_:buttonID:)``).
public struct PlacementContent: Sendable, Hashable, Identifiable {
    /// The campaign's id.
    public var id: String { campaignID }
    public var campaignID: String
    public var campaignName: String
    public var placement: String
    public var message: Message
    /// Values for placeholders such as `%%first_name%%` (the app's over the server's).
    public var personalization: [String: String]
    public var isTest: Bool

    public init(campaignID: String, campaignName: String, placement: String, message: Message,
                personalization: [String: String] = [:], isTest: Bool = false) {
        self.campaignID = campaignID
        self.campaignName = campaignName
        self.placement = placement
        self.message = message
        self.personalization = personalization
        self.isTest = isTest
    }
}
