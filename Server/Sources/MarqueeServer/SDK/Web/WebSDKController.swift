import Vapor

/// `GET /sdk/web/{version}/{file}`: the web SDK's files, first-party, from the binary itself
/// (``WebSDKBundle``). A version's files never change, so any cache keeps them for a year; pages
/// on every origin load them (`Access-Control-Allow-Origin: *`, `Cross-Origin-Resource-Policy:
/// cross-origin`). Only this release's version is served: another is a 404.
struct WebSDKController {
    static let cacheControl = "public, max-age=31536000, immutable"

    /// The files served: the binary's own, or a test's.
    var files: [String: WebSDKFile] = WebSDKBundle.files

    @Sendable func file(req: Request) async throws -> Response {
        guard req.parameters.get("version") == WebSDKBundle.version,
              let name = req.parameters.get("file"), let file = files[name] else {
            throw APIError.notFound("web SDK file (this server serves version \(WebSDKBundle.version))")
        }
        let gzip = GzipMiddleware.accepts(req.headers[.acceptEncoding])
        let tag = gzip ? String(file.eTag.dropLast()) + "-gzip\"" : file.eTag
        var headers: HTTPHeaders = [
            "Content-Type": file.contentType,
            "Cache-Control": Self.cacheControl,
            "ETag": tag,
            "Vary": "Accept-Encoding",
            "Access-Control-Allow-Origin": "*",
            "Cross-Origin-Resource-Policy": "cross-origin",
            "X-Content-Type-Options": "nosniff",
        ]
        if req.headers[.ifNoneMatch].contains(where: { $0 == tag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        if gzip { headers.add(name: .contentEncoding, value: "gzip") }
        return Response(status: .ok, headers: headers, body: .init(buffer: gzip ? file.gzipped : file.bytes))
    }
}
