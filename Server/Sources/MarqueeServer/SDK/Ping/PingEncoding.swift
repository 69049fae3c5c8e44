import Vapor

/// Step 4 of a ping: the answer's bytes. A client that accepts gzip gets the campaign list from
/// the cache of compressed lists (one per snapshot, languages and set of forms), wrapped in a
/// gzip stream with the answer's own fields, without compressing anything per request.
enum PingEncoding {
    static func response(_ answer: PingAnswer, for asker: PingAsker, req: Request) async throws -> Response {
        let allocator = req.byteBufferAllocator
        let cache = req.marquee.catalog.pingData
        let body = answer.body
        let key = PingDataCache.Key(extended: body.campaigns.extended, languages: answer.languages, forms: body.campaigns.keys)
        let compressedData = GzipMiddleware.accepts(req.headers[.acceptEncoding])
            ? { try await cache.segment(appID: asker.app.id, version: asker.snapshot.version, key: key) { body.data(allocator: allocator) } }
            : nil
        let encoded = try await body.encoded(allocator: allocator, compressedData: compressedData)
        var headers = HTTPHeaders()
        headers.contentType = .json
        if encoded.isGzipped {
            headers.add(name: .contentEncoding, value: "gzip")
            headers.add(name: .vary, value: "Accept-Encoding")
        }
        return Response(status: .ok, headers: headers, body: .init(buffer: encoded.bytes))
    }
}
