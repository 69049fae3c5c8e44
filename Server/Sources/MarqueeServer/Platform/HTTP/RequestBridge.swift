import NIOCore
import NIOHTTP1
import Vapor

/// Turns each HTTP/1.1 request into a Vapor `Request`, lets the application's responder answer
/// it, and writes the response.
///
/// The body is read in full first, within ``ConnectionLimits/maxBodyBytes`` (413 beyond, refused
/// from `Content-Length` before a byte of it is read) and ``ConnectionLimits/bodyTimeoutSeconds``
/// (408). Handlers can ask whether their client is still there (``Vapor/Request/clientIsConnected``),
/// and a connection that idles between requests is closed.
final class RequestBridge: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = Never
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Between requests.
        case idle
        /// Reading a request's body (into ``body``).
        case receiving(HTTPRequestHead)
        /// The application is answering.
        case responding
        /// Writing an ``EventStream`` until it ends; nothing else is read.
        case streaming(EventStream)
        /// The connection is closing; whatever else arrives is ignored.
        case closing
    }

    private let application: Application
    private let responder: any Responder
    private let limits: ConnectionLimits
    private let streams: OpenStreams
    private var state = State.idle
    /// The body read so far; kept outside `state` so that appending to it never copies it.
    private var body: ByteBuffer?
    private var bodyDeadline: Scheduled<Void>?

    init(application: Application, responder: any Responder, limits: ConnectionLimits, streams: OpenStreams) {
        self.application = application
        self.responder = responder
        self.limits = limits
        self.streams = streams
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .idle = state else { return }
            if let length = head.headers.first(name: .contentLength).flatMap(Int.init), length > limits.maxBodyBytes {
                return refuse(.bodyTooLarge(limits.maxBodyBytes), context: context)
            }
            state = .receiving(head)
            body = nil
            bodyDeadline = nil
        case .body(var chunk):
            guard case .receiving = state else { return }
            guard (body?.readableBytes ?? 0) + chunk.readableBytes <= limits.maxBodyBytes else {
                return refuse(.bodyTooLarge(limits.maxBodyBytes), context: context)
            }
            if body == nil { body = chunk } else { body!.writeBuffer(&chunk) }
        case .end:
            guard case .receiving(let head) = state else { return }
            bodyDeadline?.cancel()
            bodyDeadline = nil
            state = .responding
            let received = body
            body = nil
            context.triggerUserOutboundEvent(RequestHeadGuard.Signal.requestEnded, promise: nil)
            respond(to: head, body: received, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, body: ByteBuffer?, context: ChannelHandlerContext) {
        // `URI(path:)`: a request target has no host, so `//a/b` is a path, not an authority.
        let request = Request(application: application, method: head.method, url: URI(path: head.uri), version: head.version,
                              headersNoUpdate: head.headers, collectedBody: body, remoteAddress: context.channel.remoteAddress,
                              logger: application.logger, byteBufferAllocator: context.channel.allocator, on: context.eventLoop)
        request.storage[ClientChannelKey.self] = context.channel
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        responder.respond(to: request)
            .flatMap { response in response.body.collect(on: request.eventLoop).map { (response, $0) } }
            .hop(to: context.eventLoop)
            .whenComplete { result in
                let (bridge, context) = loopBound.value
                switch result {
                case .success(let (response, body)):
                    if let stream = response.eventStream {
                        bridge.stream(stream, head: response, for: head, context: context)
                    } else {
                        bridge.write(response, body: body, for: head, context: context)
                    }
                case .failure(let error):
                    bridge.application.logger.error("Request failed outside the error middleware: \(String(reflecting: error))")
                    bridge.refuse(ConnectionError(status: .internalServerError, code: .internalError,
                                                  message: "the server could not answer this request"), context: context)
                }
            }
    }

    private func write(_ response: Response, body: ByteBuffer?, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard case .responding = state else { return }
        let keepAlive = request.isKeepAlive
        var headers = response.headers
        headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
        headers.replaceOrAdd(name: .connection, value: keepAlive ? "keep-alive" : "close")
        let sendsBody = request.method != .HEAD && response.status != .noContent && response.status != .notModified
        if response.status == .noContent {
            headers.remove(name: .contentLength)
        } else if request.method != .HEAD || body != nil {
            headers.replaceOrAdd(name: .contentLength, value: String(body?.readableBytes ?? 0))
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers))),
                      promise: nil)
        if sendsBody, let body, body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        finishResponse(keepAlive: keepAlive, context: context)
    }

    /// Writes the head of an open-ended answer and hands the connection to `stream`: chunked,
    /// never cached or buffered by a proxy, ended by the stream or by the client.
    private func stream(_ stream: EventStream, head response: Response, for request: HTTPRequestHead,
                        context: ChannelHandlerContext) {
        guard case .responding = state else { return stream.connectionClosed() }
        state = .streaming(stream)
        var headers = response.headers
        headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
        headers.remove(name: .contentLength)
        headers.replaceOrAdd(name: .connection, value: "keep-alive")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        // nginx would otherwise hold the events back until its buffer fills.
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: response.status,
                                                                       headers: headers))), promise: nil)
        // From here the connection counts as idle: when the server is full, a quiet stream makes room
        // for a request before anything else does, and its device pings as before and reconnects later.
        context.triggerUserOutboundEvent(RequestHeadGuard.Signal.responseEnded, promise: nil)
        streams.opened(stream)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        stream.attach { bytes in
            eventLoop.execute {
                let (bridge, context) = loopBound.value
                guard case .streaming = bridge.state else { return }
                guard let bytes else {
                    bridge.state = .closing
                    context.writeAndFlush(bridge.wrapOutboundOut(.end(nil)), promise: nil)
                    return context.closeAfterWrites()
                }
                // A client that reads nothing gets no further: its connection ends, and it
                // catches up when it connects again.
                guard context.channel.isWritable else { return context.close(promise: nil) }
                context.writeAndFlush(bridge.wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
            }
        }
    }

    /// Ends the response. State changes first: writing the end may hand this handler the next
    /// pipelined request at once.
    private func finishResponse(keepAlive: Bool, context: ChannelHandlerContext) {
        state = keepAlive ? .idle : .closing
        context.triggerUserOutboundEvent(RequestHeadGuard.Signal.responseEnded, promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if !keepAlive { context.closeAfterWrites() }
    }

    /// Answers `error` in place of the application and closes the connection.
    private func refuse(_ error: ConnectionError, context: ChannelHandlerContext) {
        bodyDeadline?.cancel()
        body = nil
        let body = error.body(allocator: context.channel.allocator)
        context.write(wrapOutboundOut(.head(error.head(bodyLength: body.readableBytes))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        finishResponse(keepAlive: false, context: context)
    }

    /// A body still arriving when a read ends has its deadline from then: most requests arrive
    /// whole in one read, and need no timer at all.
    func channelReadComplete(context: ChannelHandlerContext) {
        if case .receiving(let head) = state, head.expectsBody, bodyDeadline == nil { startBodyDeadline(context: context) }
        context.fireChannelReadComplete()
    }

    private func startBodyDeadline(context: ChannelHandlerContext) {
        let seconds = limits.bodyTimeoutSeconds
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        bodyDeadline = context.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
            let (bridge, context) = loopBound.value
            guard case .receiving = bridge.state else { return }
            bridge.refuse(.bodyTimeout(seconds), context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Only a connection between requests is idle: a slow body has its own deadline, and a
        // slow answer is the server's own doing.
        if event is IdleStateHandler.IdleStateEvent {
            if case .idle = state { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        bodyDeadline?.cancel()
        if case .streaming(let stream) = state { stream.connectionClosed() }
        state = .closing
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        bodyDeadline?.cancel()
        if case .streaming(let stream) = state { stream.connectionClosed() }
        state = .closing
        // ``ParseErrorResponder`` has answered a parse error: let the answer reach the client.
        // Any other error leaves the connection in an unknown state.
        if error is HTTPParserError { context.closeAfterWrites() } else { context.close(promise: nil) }
    }
}

private extension HTTPRequestHead {
    /// Whether a body follows the head, so the body deadline applies.
    var expectsBody: Bool {
        if headers.contains(name: .transferEncoding) { return true }
        return (headers.first(name: .contentLength).flatMap(Int.init) ?? 0) > 0
    }
}
