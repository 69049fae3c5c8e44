import NIOCore

/// The content of `GET /v1/catalog/{digest}`: `{"data":[…]}`, a campaign list as a ping's `data`
/// holds it. Its gzip form is the list compressed once (``PingDataCache``) between a head and a
/// tail stored as they are, as a ping's answer is.
enum CampaignListBody {
    static let head = #"{"data":"#
    static let tail = "}"

    static func gzip(_ segment: DeflatedSegment, allocator: ByteBufferAllocator) -> ByteBuffer {
        var gzip = GzipAssembler(allocator: allocator, capacity: segment.deflated.readableBytes + 64)
        gzip.append(plain: allocator.buffer(string: head))
        gzip.append(segment)
        return gzip.finish(plain: allocator.buffer(string: tail))
    }
}
