import MarqueeWire
import Vapor

/// Names a ping's campaign list by reference, for clients that declare
/// ``Capability/campaignLists``: the list is compressed and digested once per catalog version
/// (``PingDataCache``), and stored the first time this instance names it, so that
/// `GET /v1/catalog/{digest}` finds it on every instance.
enum CampaignListReferences {
    static func reference(to campaigns: PingCampaignList, appID: UUID, req: Request) async throws -> CampaignListReference {
        let cache = req.marquee.catalog.pingData
        let key = PingDataCache.Key(extended: campaigns.extended, languages: campaigns.languages, forms: campaigns.keys)
        let allocator = req.byteBufferAllocator
        let list = try await cache.list(appID: appID, version: campaigns.snapshot.version, key: key) { campaigns.data(allocator: allocator) }
        if !cache.isStored(list.digest) {
            try await CampaignListStore(database: req.db).store(list, content: CampaignListBody.gzip(list.segment, allocator: allocator),
                                                                at: req.marquee.clock.nowMillis)
            cache.markStored(list.digest)
        }
        return CampaignListReference(digest: list.digest, url: req.publicBaseURL + "/v1/catalog/" + list.digest)
    }
}
