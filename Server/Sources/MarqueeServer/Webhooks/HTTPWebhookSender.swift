import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Posts deliveries over a connection of their own to the target's checked addresses, never
/// resolving the name again: `Host` and the TLS server name carry the URL's host, so virtual
/// hosts and certificates work as they would through DNS. It follows no redirect (one could lead
/// to an address the URL policy refuses), reads at most ``maxAnswerBytes`` of an answer's body,
/// and gives up when the timeout passes, whatever the receiver is still sending.
struct HTTPWebhookSender: WebhookSender {
    /// Bytes of an answer's body read at most: enough to see a receiver's short reply.
    static let maxAnswerBytes = 4_096

    let group: any EventLoopGroup
    private let tls: NIOSSLContext

    init(group: any EventLoopGroup) throws {
        self.group = group
        tls = try NIOSSLContext(configuration: .makeClientConfiguration())
    }

    func post(_ body: Data, to target: WebhookTarget, headers: [(String, String)], timeout: Duration) async throws -> WebhookAnswer {
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000)
        var fields = HTTPHeaders(headers)
        fields.replaceOrAdd(name: "Host", value: target.hostHeader)
        fields.replaceOrAdd(name: "Content-Type", value: "application/json")
        fields.replaceOrAdd(name: "User-Agent", value: "Marquee-Webhooks/1")
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        fields.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: target.requestTarget, headers: fields)
        let buffer = ByteBuffer(data: body)
        var failure: any Error = WebhookSendError.unreachable("no address")
        // Each checked address in turn, within the one timeout.
        for address in target.addresses {
            let remaining = deadline - NIODeadline.now()
            guard remaining > .zero else { throw WebhookSendError.timedOut(timeout) }
            let loop = group.next()
            let answer = loop.makePromise(of: WebhookAnswer.self)
            let channel: any Channel
            do {
                channel = try await connect(to: address, of: target, on: loop, within: remaining,
                                            handler: { WebhookAnswerHandler(head: head, body: buffer, cap: Self.maxAnswerBytes, answer: answer) })
            } catch {
                answer.fail(error)
                failure = WebhookSendError.unreachable(String(describing: error))
                continue
            }
            let timer = loop.scheduleTask(deadline: deadline) {
                answer.fail(WebhookSendError.timedOut(timeout))
                channel.close(promise: nil)
            }
            defer {
                timer.cancel()
                channel.close(promise: nil)
            }
            // A server that stops does not wait for a slow receiver.
            return try await withTaskCancellationHandler {
                try await answer.futureResult.get()
            } onCancel: {
                answer.fail(CancellationError())
                channel.close(promise: nil)
            }
        }
        throw failure
    }

    private func connect(to address: [UInt8], of target: WebhookTarget, on loop: any EventLoop, within remaining: TimeAmount,
                         handler: @escaping @Sendable () -> WebhookAnswerHandler) async throws -> any Channel {
        let socketAddress = try SocketAddress(ipAddress: WebhookURLPolicy.text(address), port: target.port)
        // The server name is sent only for a name: TLS forbids an address there.
        let serverName = target.host.contains(":") || target.host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : target.host
        let tls = target.usesTLS ? self.tls : nil
        return try await ClientBootstrap(group: loop)
            .connectTimeout(remaining)
            // Small reads: what is read past the cap before the close is at most one of them.
            .channelOption(ChannelOptions.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 4_096))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler())
                }
            }
            .connect(to: socketAddress).get()
    }
}
