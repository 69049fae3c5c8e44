/// Where a campaign is in its life. Only `active` campaigns reach devices.
public enum CampaignStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case draft, active, paused, archived
}

extension CampaignStatus: StandardValue {
    /// New campaigns start as drafts.
    public static var standard: CampaignStatus { .draft }
}
