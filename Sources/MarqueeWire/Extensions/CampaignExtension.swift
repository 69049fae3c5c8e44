import MarqueeModel

/// The `marquee` key of a campaign: the campaign as Marquee models it, without server-only targeting.
public struct CampaignExtension: Sendable, Hashable, Codable {
    public var campaign: Campaign

    public init(campaign: Campaign) {
        var clientView = campaign
        // Targeting is decided on the server; user lists never leave it.
        clientView.targeting = Targeting()
        self.campaign = clientView
    }
}
