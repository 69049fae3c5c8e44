import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the open connections at or below a maximum. A connection accepted beyond it is closed at
/// once, before any handler sees it. So the server never runs out of file descriptors, which
/// would stop it accepting anyone (and leave it retrying accepts) and starve the database of
/// connections, and the connections already open keep being served.
final class ConnectionCap: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    let maximum: Int
    private let open = NIOLockedValueBox(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let child = unwrapInboundIn(data)
        let admitted = open.withLockedValue { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
        guard admitted else {
            child.eventLoop.execute { child.close(promise: nil) }
            return
        }
        child.closeFuture.whenComplete { _ in self.open.withLockedValue { $0 -= 1 } }
        context.fireChannelRead(data)
    }

    /// The default maximum: what the process's file-descriptor limit leaves once the database,
    /// logs and files have a reserve, and never more than `ceiling`.
    static func defaultMaximum(reserve: Int = 256, ceiling: Int = 16_384) -> Int {
        var limit = rlimit()
        #if canImport(Darwin)
        let read = getrlimit(RLIMIT_NOFILE, &limit)
        #else
        let read = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        #endif
        // An unlimited limit reads as the largest value, which the ceiling then bounds.
        guard read == 0 else { return ceiling }
        return max(64, min(Int(clamping: limit.rlim_cur) - reserve, ceiling))
    }
}
