import Foundation
import MarqueeModel
import MarqueeWire
import NIOCore

/// A ping response written from pre-encoded parts: the admitted campaigns' JSON (encoded once per
/// catalog version, see ``CampaignCatalog/Entry``) is copied in, and only the per-request numbers
/// and the small `marquee` object are encoded. Keys come in sorted order, as Marquee's encoder
/// writes them, so the body is byte for byte what encoding a ``PingResponse`` would give.
struct PingResponseBody {
    var currentPingMillis: Int64
    var nextPingMillis: Int
    var campaigns: [ByteBuffer]
    var marquee: PingExtension?

    func encoded(allocator: ByteBufferAllocator) throws -> ByteBuffer {
        let extensionJSON = try marquee.map { try MarqueeJSON.encoder().encode($0) }
        let campaignBytes = campaigns.reduce(0) { $0 + $1.readableBytes + 1 }
        var body = allocator.buffer(capacity: campaignBytes + (extensionJSON?.count ?? 0) + 96)
        body.writeString(#"{"currentPingMillis":\#(currentPingMillis),"data":["#)
        for (index, campaign) in campaigns.enumerated() {
            if index > 0 { body.writeInteger(UInt8(ascii: ",")) }
            body.writeImmutableBuffer(campaign)
        }
        body.writeString("]")
        if let extensionJSON {
            body.writeString(#","marquee":"#)
            body.writeBytes(extensionJSON)
        }
        body.writeString(#","nextPingMillis":\#(nextPingMillis)}"#)
        return body
    }
}
