import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A loopback HTTP receiver that misbehaves as a webhook receiver can: it `hangs` (takes the
/// request and never answers, holding the connection until the sender closes it), or it
/// `answersEndlessly` (answers 200 and streams its body for as long as the connection stays
/// open). It counts connections and the body bytes it managed to send.
final class MisbehavingReceiver: Sendable {
    enum Behaviour: Sendable {
        case hangs
        case answersEndlessly
    }

    struct Counts: Sendable {
        var accepted = 0
        var open = 0
        /// Body bytes written to connections that the socket took.
        var bodyBytesSent = 0
    }

    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let counts: NIOLockedValueBox<Counts>
    /// Where deliveries are posted (any path answers the same).
    let baseURL: String

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup, counts: NIOLockedValueBox<Counts>) throws {
        self.channel = channel
        self.group = group
        self.counts = counts
        guard let port = channel.localAddress?.port else { throw TestFailure("the receiver has no port") }
        baseURL = "http://127.0.0.1:\(port)"
    }

    var counted: Counts { counts.withLockedValue { $0 } }

    /// Runs `body` with a receiver listening, then closes it and every connection it holds.
    static func with(_ behaviour: Behaviour, _ body: (MisbehavingReceiver) async throws -> Void) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let counts = NIOLockedValueBox(Counts())
        let connections = NIOLockedValueBox<[any Channel]>([])
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                connections.withLockedValue { $0.append(child) }
                return child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Connection(behaviour: behaviour, counts: counts))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let receiver = try MisbehavingReceiver(channel: channel, group: group, counts: counts)
        func stop() async {
            try? await channel.close()
            for connection in connections.withLockedValue({ $0 }) { try? await connection.close() }
            try? await group.shutdownGracefully()
        }
        do {
            try await body(receiver)
        } catch {
            await stop()
            throw error
        }
        await stop()
    }

    private final class Connection: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let behaviour: Behaviour
        let counts: NIOLockedValueBox<Counts>
        private var request = ""
        private var answering = false
        private let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)

        init(behaviour: Behaviour, counts: NIOLockedValueBox<Counts>) {
            self.behaviour = behaviour
            self.counts = counts
        }

        func channelActive(context: ChannelHandlerContext) {
            counts.withLockedValue { $0.accepted += 1; $0.open += 1 }
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            counts.withLockedValue { $0.open -= 1 }
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            guard case .answersEndlessly = behaviour, !answering else { return }
            request += buffer.readString(length: buffer.readableBytes) ?? ""
            guard request.contains("\r\n\r\n") else { return }
            answering = true
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000000000000\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head)), promise: nil)
            stream(context)
        }

        /// Writes the next chunk once the socket took the last one, until the connection closes.
        private func stream(_ context: ChannelHandlerContext) {
            let promise = context.eventLoop.makePromise(of: Void.self)
            let size = chunk.readableBytes
            promise.futureResult.assumeIsolated().whenComplete { [self] result in
                guard case .success = result else { return }
                counts.withLockedValue { $0.bodyBytesSent += size }
                if context.channel.isActive { stream(context) }
            }
            context.writeAndFlush(wrapOutboundOut(chunk), promise: promise)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
