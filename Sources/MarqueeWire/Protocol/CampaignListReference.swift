/// A campaign list named by the digest of its content: `GET url` answers ``CampaignListContent``,
/// the same for every device sent this digest and never changing, so any HTTP cache may keep it.
public struct CampaignListReference: Sendable, Hashable, Codable {
    /// Lower-case hexadecimal SHA-256 of the list's JSON.
    public var digest: String
    /// Where the content is: `…/v1/catalog/{digest}`.
    public var url: String

    public init(digest: String, url: String) {
        self.digest = digest
        self.url = url
    }
}
