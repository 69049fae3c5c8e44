import MarqueeModel
import Vapor

/// A response body encoded with Marquee's JSON coders (a handler returns it as it is). Vapor's
/// global content configuration is left alone: every JSON body goes through ``Response/json(_:status:)``.
protocol JSONResource: AsyncResponseEncodable, Encodable {}

extension JSONResource {
    func encodeResponse(for request: Request) async throws -> Response {
        try Response.json(self)
    }
}

extension Response {
    /// A JSON response encoded with Marquee's coders.
    static func json<T: Encodable>(_ value: T, status: HTTPResponseStatus = .ok) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(data: try MarqueeJSON.encoder().encode(value)))
    }
}
