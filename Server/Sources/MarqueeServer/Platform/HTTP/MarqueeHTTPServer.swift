import NIOConcurrencyHelpers
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOPosix
import Vapor

/// Marquee's HTTP/1.1 server: Vapor's routing and middleware behind a connection pipeline that
/// holds every connection to ``ConnectionLimits``.
///
/// Per connection, from the socket inwards:
/// - `IdleStateHandler`: reports silence, which ``RequestBridge`` turns into a close between requests;
/// - ``RequestHeadGuard``: request-line and header sizes (414, 431) and the header deadline (408);
/// - NIO's HTTP/1.1 encoder, decoder and pipelining handler;
/// - ``ParseErrorResponder``: malformed requests (400, 431);
/// - ``RequestBridge``: body size and deadline (413, 408), then the application's responder.
public final class MarqueeHTTPServer: Server, Sendable {
    private let application: Application
    private let limits: ConnectionLimits
    private let running = NIOLockedValueBox<(channel: any Channel, quiesce: ServerQuiescingHelper)?>(nil)
    /// The open connections, shared fairly among addresses.
    let cap: ConnectionCap
    /// Answers that stay open (``EventStream``), ended first when the server stops.
    let streams = OpenStreams()

    init(application: Application, limits: ConnectionLimits, trustedProxies: TrustedProxies) {
        self.application = application
        self.limits = limits
        let maximum = limits.maxConnections ?? ConnectionCap.defaultMaximum()
        cap = ConnectionCap(maximum: maximum, perAddress: limits.maxConnectionsPerAddress, trustedProxies: trustedProxies)
    }

    /// The address the server listens on once started (the real port when started on port 0).
    public var localAddress: SocketAddress? {
        running.withLockedValue { $0?.channel.localAddress }
    }

    /// Completes when the listening socket closes (at once if the server never started).
    public var onShutdown: EventLoopFuture<Void> {
        running.withLockedValue { $0?.channel.closeFuture } ?? application.eventLoopGroup.any().makeSucceededVoidFuture()
    }

    public func start(address: BindAddress?) async throws {
        let configured = application.http.server.configuration
        let group = application.eventLoopGroup
        let quiesce = ServerQuiescingHelper(group: group)
        let cap = self.cap
        let application = self.application
        let responder = application.responder.current
        let limits = self.limits
        let streams = self.streams
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: Int32(configured.backlog))
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(cap)
                    try channel.pipeline.syncOperations.addHandler(quiesce.makeServerChannelHandler(channel: channel))
                }
            }
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(IdleStateHandler(allTimeout: .seconds(Int64(limits.idleTimeoutSeconds))))
                    try pipeline.addHandler(RequestHeadGuard(limits: limits, cap: cap))
                    try pipeline.addHandler(HTTPResponseEncoder())
                    try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try pipeline.addHandler(HTTPServerPipelineHandler())
                    try pipeline.addHandler(ParseErrorResponder())
                    try pipeline.addHandler(RequestBridge(application: application, responder: responder, limits: limits, streams: streams))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 1)

        let channel: any Channel
        switch address ?? configured.address {
        case .hostname(let host, let port):
            channel = try await bootstrap.bind(host: host ?? configured.hostname, port: port ?? configured.port).get()
        case .unixDomainSocket(let path):
            channel = try await bootstrap.bind(unixDomainSocketPath: path).get()
        }
        running.withLockedValue { $0 = (channel, quiesce) }
        application.logger.notice("Server started", metadata: [
            "address": "\(channel.localAddress.map(String.init(describing:)) ?? "?")", "max connections": "\(cap.maximum)",
            "max connections per address": "\(cap.perAddress)"])
    }

    /// Stops accepting, ends the open streams, lets requests in flight finish (up to Vapor's
    /// shutdown timeout), then closes.
    public func shutdown() async {
        guard let (_, quiesce) = running.withLockedValue({ $0 }) else { return }
        streams.finishAll()
        let done = application.eventLoopGroup.any().makePromise(of: Void.self)
        quiesce.initiateShutdown(promise: done)
        let timeout = application.http.server.configuration.shutdownTimeout
        let deadline = done.futureResult.eventLoop.scheduleTask(in: timeout) {
            done.fail(ChannelError.ioOnClosedChannel)
        }
        try? await done.futureResult.get()
        deadline.cancel()
        running.withLockedValue { $0 = nil }
    }

    @available(*, noasync, message: "Use the async start(address:) instead.")
    public func start(address: BindAddress?) throws {
        try application.eventLoopGroup.any().makeFutureWithTask { try await self.start(address: address) }.wait()
    }

    @available(*, noasync, message: "Use the async shutdown() instead.")
    public func shutdown() {
        try? application.eventLoopGroup.any().makeFutureWithTask { await self.shutdown() }.wait()
    }
}

extension Application {
    private struct MarqueeHTTPServerKey: StorageKey {
        typealias Value = MarqueeHTTPServer
    }

    /// Serves through one ``MarqueeHTTPServer`` with `limits` (Vapor asks its factory on every
    /// use of `server`, so the instance is kept here).
    func useMarqueeHTTPServer(limits: ConnectionLimits, trustedProxies: TrustedProxies) {
        storage[MarqueeHTTPServerKey.self] = MarqueeHTTPServer(application: self, limits: limits, trustedProxies: trustedProxies)
        servers.use { application in
            guard let server = application.storage[MarqueeHTTPServerKey.self] else {
                preconditionFailure("useMarqueeHTTPServer(limits:) stores the server before it is asked for")
            }
            return server
        }
    }

    /// The server ``useMarqueeHTTPServer(limits:)`` installed.
    var marqueeHTTPServer: MarqueeHTTPServer? {
        storage[MarqueeHTTPServerKey.self]
    }

    /// The port the running server listens on (the real one when started on port 0).
    public var marqueeListeningPort: Int? {
        (server as? MarqueeHTTPServer)?.localAddress?.port
    }
}
