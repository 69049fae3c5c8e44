@testable import MarqueeServer
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

/// The handler that answers requests the HTTP parser rejected, on a channel without sockets.
@Suite struct ParseErrorResponderTests {
    /// Sits between the responder and the socket and counts what the responder tries to write,
    /// even where the channel would drop it.
    final class WriteCounter: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = HTTPServerResponsePart
        var attempts = 0

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            attempts += 1
            context.write(data, promise: promise)
        }
    }

    /// Reports a request cut short as the connection closes, as the HTTP decoder does with what
    /// it had read.
    final class CutShortOnClose: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart

        func channelInactive(context: ChannelHandlerContext) {
            context.fireErrorCaught(HTTPParserError.invalidEOFState)
            context.fireChannelInactive()
        }
    }

    func written(_ channel: EmbeddedChannel) throws -> [HTTPServerResponsePart] {
        var parts: [HTTPServerResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) { parts.append(part) }
        return parts
    }

    @Test func anOpenConnectionGetsTheErrorAnswer() throws {
        let channel = EmbeddedChannel(handler: ParseErrorResponder())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        channel.pipeline.fireErrorCaught(HTTPParserError.invalidHeaderToken)
        let parts = try written(channel)
        guard case .head(let head)? = parts.first else { Issue.record("no response head: \(parts)"); return }
        #expect(head.status == .badRequest)
        if case .end? = parts.last {} else { Issue.record("the response is not ended: \(parts)") }
        #expect(throws: HTTPParserError.self) { try channel.throwIfErrorCaught() }
    }

    /// A connection that closes with a request cut short: the parser reports it while the
    /// channel goes inactive, after the connection's last response; nothing may be written then.
    @Test func aClosingConnectionIsNotWrittenTo() throws {
        let counter = WriteCounter()
        let channel = EmbeddedChannel(handlers: [counter, CutShortOnClose(), ParseErrorResponder()])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        try channel.close().wait()
        #expect(counter.attempts == 0)
        #expect(throws: HTTPParserError.self) { try channel.throwIfErrorCaught() }
    }
}
