import NIOCore

/// Reads the raw bytes of each request head before the HTTP parser does, and refuses what the
/// parser cannot tell apart or does not bound: a request line over the URI limit (414), a head
/// over the header limit (431), and a head that is not complete in time (408). Bytes it lets
/// through are passed on unchanged, as they arrive.
///
/// A head is watched from its first byte until its blank line; ``RequestBridge`` signals when the
/// request it starts has ended, and the next byte starts the next head. A pipelined request whose
/// head arrives in the same read as the previous body goes unwatched; the parser's own head limit
/// still bounds it.
final class RequestHeadGuard: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Signals from ``RequestBridge``, sent down the pipeline as user outbound events.
    enum Signal {
        /// The current request's body has been read; the next byte begins a new head.
        case requestEnded
        /// A response has been written in full.
        case responseEnded
    }

    private enum State {
        /// Between requests.
        case waiting
        /// Inside a head: bytes so far, whether the request line has ended, whether the last
        /// significant byte was a line feed (two in a row end the head).
        case readingHead(bytes: Int, lineEnded: Bool, afterLineFeed: Bool)
        /// Inside a body, or a head that was complete.
        case passing
        /// A response refused the request; nothing more is read.
        case refused
    }

    private let limits: ConnectionLimits
    /// Told when a request starts and when its response has gone, so it can tell idle connections.
    private let cap: ConnectionCap?
    private var state = State.waiting
    private var deadline: Scheduled<Void>?
    /// Heads seen complete, and responses finished: equal when no response is owed, so an error
    /// written now cannot overtake one.
    private var headsCompleted = 0
    private var responsesEnded = 0

    init(limits: ConnectionLimits, cap: ConnectionCap? = nil) {
        self.limits = limits
        self.cap = cap
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch state {
        case .refused:
            return
        case .passing:
            context.fireChannelRead(data)
            return
        case .waiting:
            guard buffer.readableBytes > 0 else { return }
            state = .readingHead(bytes: 0, lineEnded: false, afterLineFeed: false)
            cap?.connection(context.channel, isBusy: true)
            startDeadline(context: context)
        case .readingHead:
            break
        }
        switch scan(buffer) {
        case .needMore, .headEnded:
            context.fireChannelRead(data)
        case .refuse(let error):
            refuse(error, context: context)
        }
    }

    private enum ScanResult {
        case needMore, headEnded, refuse(ConnectionError)
    }

    /// Advances the head state over `buffer`'s bytes.
    private func scan(_ buffer: ByteBuffer) -> ScanResult {
        guard case .readingHead(var bytes, var lineEnded, var afterLineFeed) = state else { return .needMore }
        // A request line is the method, the target and the version: allow the target its limit plus those.
        let requestLineLimit = limits.maxURIBytes + 32
        let result: ScanResult = buffer.withUnsafeReadableBytes { raw in
            for byte in raw {
                bytes += 1
                switch byte {
                case UInt8(ascii: "\n"):
                    if afterLineFeed { return .headEnded }
                    afterLineFeed = true
                    lineEnded = true
                case UInt8(ascii: "\r"):
                    break
                default:
                    afterLineFeed = false
                }
                if !lineEnded, bytes > requestLineLimit { return .refuse(.uriTooLong(limits.maxURIBytes)) }
                if bytes > limits.maxHeaderBytes { return .refuse(.headerTooLarge(limits.maxHeaderBytes)) }
            }
            return .needMore
        }
        switch result {
        case .needMore:
            state = .readingHead(bytes: bytes, lineEnded: lineEnded, afterLineFeed: afterLineFeed)
        case .headEnded:
            deadline?.cancel()
            headsCompleted += 1
            state = .passing
        case .refuse:
            break
        }
        return result
    }

    private func startDeadline(context: ChannelHandlerContext) {
        let seconds = limits.headerTimeoutSeconds
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
            let (handler, context) = loopBound.value
            guard case .readingHead = handler.state else { return }
            handler.refuse(.headerTimeout(seconds), context: context)
        }
    }

    /// Answers `error` and closes. When an earlier request's response is still owed, the error
    /// cannot be put in order before it, so the connection just closes.
    private func refuse(_ error: ConnectionError, context: ChannelHandlerContext) {
        state = .refused
        deadline?.cancel()
        guard headsCompleted == responsesEnded else {
            context.close(promise: nil)
            return
        }
        let bytes = error.serialized(allocator: context.channel.allocator)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        context.closeAfterWrites()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let signal = event as? Signal else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch signal {
        case .requestEnded:
            if case .passing = state { state = .waiting }
            if headsCompleted == responsesEnded { cap?.connection(context.channel, isBusy: false) }
        case .responseEnded:
            responsesEnded += 1
            if case .waiting = state, headsCompleted == responsesEnded { cap?.connection(context.channel, isBusy: false) }
        }
        promise?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A head in progress is on its own deadline; silence in the middle of one is not idleness.
        if event is IdleStateHandler.IdleStateEvent, case .readingHead = state { return }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }
}
