import NIOCore
import NIOHTTP1

/// Sends one webhook request once the connection is up, and completes `answer` with the status
/// and how much of the body it read: at most `cap` bytes, after which, or at the body's end, it
/// closes the connection. A receiver that streams an endless answer costs no more than `cap`
/// bytes and one read buffer.
final class WebhookAnswerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let body: ByteBuffer
    private let cap: Int
    private let answer: EventLoopPromise<WebhookAnswer>
    private var status: Int?
    private var read = 0
    private var done = false

    init(head: HTTPRequestHead, body: ByteBuffer, cap: Int, answer: EventLoopPromise<WebhookAnswer>) {
        self.head = head
        self.body = body
        self.cap = cap
        self.answer = answer
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // An informational answer (100 Continue) is followed by the real one.
            if head.status.code >= 200 { status = Int(head.status.code) }
        case .body(let buffer):
            read = min(cap, read + buffer.readableBytes)
            if read >= cap { finish(context) }
        case .end:
            finish(context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A close after the head still answered; a close before it did not.
        if status != nil { finish(context) } else { fail(WebhookSendError.closedWithoutAnswer, context) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if status != nil { finish(context) } else { fail(error, context) }
    }

    private func finish(_ context: ChannelHandlerContext) {
        guard !done, let status else { return }
        done = true
        answer.succeed(WebhookAnswer(status: status, bodyBytesRead: read))
        context.close(promise: nil)
    }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        guard !done else { return }
        done = true
        answer.fail(error)
        context.close(promise: nil)
    }
}
