import MarqueeModel
import Vapor

extension Response {
    /// A JSON response encoded with Marquee's coders.
    static func json<T: Encodable>(_ value: T, status: HTTPResponseStatus = .ok) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(data: try MarqueeJSON.encoder().encode(value)))
    }
}
