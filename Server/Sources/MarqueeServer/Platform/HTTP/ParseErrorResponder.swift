import NIOCore
import NIOHTTP1

/// Answers a request the HTTP parser rejected with its proper status (400 for malformed HTTP or
/// a bad `Content-Length`, 431 for oversized headers) and the one JSON error body, if no other
/// response is under way and the connection is still open; the parser then closes it.
final class ParseErrorResponder: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var responseUnderWay = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // A connection that is closing (the client left, or the server is shutting down) has
        // nothing left to answer: the parser reports the request it cut short, and a write now
        // would go after the connection's last response.
        if !responseUnderWay, context.channel.isActive {
            let answer = ConnectionError.malformed(parseError)
            let body = answer.body(allocator: context.channel.allocator)
            context.write(wrapOutboundOut(.head(answer.head(bodyLength: body.readableBytes))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200:
            responseUnderWay = true
        case .end:
            responseUnderWay = false
        case .head, .body:
            break
        }
        context.write(data, promise: promise)
    }
}
