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
        json(encoded: try MarqueeJSON.encoder().encode(value), status: status)
    }

    /// A JSON response whose body was encoded beforehand (an answer given thousands of times a second).
    static func json(encoded body: Data, status: HTTPResponseStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}

/// A list response.
struct ListResource<Item: Encodable>: JSONResource {
    var items: [Item]
}
