import CompressNIO
import Vapor

/// `GET /v1/catalog/{digest}`: a campaign list a ping answer named (``CampaignListReference``).
/// Its content never changes, so the answer may be kept by any cache for a year
/// (``CachePolicyMiddleware``); it is found among the lists this instance holds, else in the
/// database (``CampaignListStore``), and sent gzipped to clients that accept it.
struct CampaignListController {
    @Sendable func read(req: Request) async throws -> Response {
        guard let digest = req.parameters.get("digest"), Self.isDigest(digest) else { throw APIError.notFound("campaign list") }
        let tag = "\"\(digest)\""
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.add(name: .eTag, value: tag)
        headers.add(name: .vary, value: "Accept-Encoding")
        // Any page may read it, as any cache may keep it: it names no app or user. (Its
        // preflight is the SDK group's, DeviceCORSMiddleware.)
        headers.add(name: .accessControlAllowOrigin, value: "*")
        let allocator = req.byteBufferAllocator
        let gzip: ByteBuffer
        if let held = req.marquee.catalog.pingData.list(digest: digest) {
            gzip = CampaignListBody.gzip(held.segment, allocator: allocator)
        } else if let stored = try await CampaignListStore(database: req.db).content(digest: digest) {
            gzip = stored
        } else {
            throw APIError.notFound("campaign list")
        }
        // Only a list that exists is "not modified" (`*` names any that does).
        if req.headers[.ifNoneMatch].contains(where: { $0 == tag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        guard GzipMiddleware.accepts(req.headers[.acceptEncoding]) else {
            var compressed = gzip
            return Response(status: .ok, headers: headers, body: .init(buffer: try compressed.decompress(with: .gzip())))
        }
        headers.add(name: .contentEncoding, value: "gzip")
        return Response(status: .ok, headers: headers, body: .init(buffer: gzip))
    }

    /// 64 lower-case hexadecimal digits, as ``PingDataCache/CompressedList/digest`` writes them.
    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
