import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the open connections at or below a maximum, and shares them fairly among addresses, so
/// the server never runs out of file descriptors and no one client can lock the others out:
/// - an address (the peer; a trusted proxy counts for no one, as it carries many clients) holds
///   at most ``perAddress`` connections, and one more from it is closed as soon as it is accepted;
/// - at the maximum, a newcomer takes the place of the connection that has been idle longest (no
///   request in flight); only when every connection is busy is the newcomer closed.
///
/// ``RequestHeadGuard`` reports when a connection's request starts and ends (``ConnectionActivity``).
final class ConnectionCap: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    let maximum: Int
    let perAddress: Int
    private let trustedProxies: TrustedProxies
    private let state = NIOLockedValueBox(State())

    private struct Entry {
        let channel: any Channel
        /// The address it counts against; `nil` for a trusted proxy.
        let address: String?
        /// When its last request ended (or it was accepted); `nil` while a request is in flight.
        var idleSince: NIODeadline?
    }

    private struct State {
        var open: [ObjectIdentifier: Entry] = [:]
        var perAddress: [String: Int] = [:]
        var evicted = 0
        var refused = 0
    }

    /// What `/metrics` shows of the cap.
    struct Snapshot: Sendable, Equatable {
        var open: Int
        /// Connections with a request in flight.
        var busy: Int
        var addresses: Int
        var evicted: Int
        var refused: Int
    }

    init(maximum: Int, perAddress: Int? = nil, trustedProxies: TrustedProxies = .none) {
        self.maximum = maximum
        self.perAddress = perAddress ?? Self.defaultPerAddress(maximum: maximum)
        self.trustedProxies = trustedProxies
    }

    var snapshot: Snapshot {
        state.withLockedValue { state in
            Snapshot(open: state.open.count, busy: state.open.values.filter { $0.idleSince == nil }.count,
                     addresses: state.perAddress.count, evicted: state.evicted, refused: state.refused)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let child = unwrapInboundIn(data)
        let peer = child.remoteAddress?.ipAddress
        let address = trustedProxies.trusts(peer) ? nil : (peer ?? "unknown")
        let id = ObjectIdentifier(child)
        let decision: (admitted: Bool, evict: (any Channel)?) = state.withLockedValue { state in
            if let address, state.perAddress[address, default: 0] >= perAddress {
                state.refused += 1
                return (false, nil)
            }
            var victim: (any Channel)?
            if state.open.count >= maximum {
                guard let idlest = state.open.min(by: { Self.idleOrder($0.value, $1.value) }),
                      idlest.value.idleSince != nil else {
                    state.refused += 1
                    return (false, nil)
                }
                Self.remove(idlest.key, from: &state)
                state.evicted += 1
                victim = idlest.value.channel
            }
            state.open[id] = Entry(channel: child, address: address, idleSince: .now())
            if let address { state.perAddress[address, default: 0] += 1 }
            return (true, victim)
        }
        if let victim = decision.evict {
            ServerMetrics.connectionClosed(reason: "evicted_idle")
            victim.eventLoop.execute { victim.close(promise: nil) }
        }
        guard decision.admitted else {
            ServerMetrics.connectionClosed(reason: "refused")
            child.eventLoop.execute { child.close(promise: nil) }
            return
        }
        child.closeFuture.whenComplete { _ in self.state.withLockedValue { Self.remove(id, from: &$0) } }
        context.fireChannelRead(data)
    }

    /// A connection's request has started (`busy`) or its response has been sent.
    func connection(_ channel: any Channel, isBusy busy: Bool) {
        let id = ObjectIdentifier(channel)
        state.withLockedValue { state in
            state.open[id]?.idleSince = busy ? nil : .now()
        }
    }

    /// Idle before busy, and the longest idle first.
    private static func idleOrder(_ a: Entry, _ b: Entry) -> Bool {
        switch (a.idleSince, b.idleSince) {
        case (let x?, let y?): x < y
        case (.some, nil): true
        case (nil, _): false
        }
    }

    /// Forgets a connection; a second call (evicted, then closed) does nothing.
    private static func remove(_ id: ObjectIdentifier, from state: inout State) {
        guard let entry = state.open.removeValue(forKey: id), let address = entry.address else { return }
        let left = state.perAddress[address, default: 1] - 1
        state.perAddress[address] = left > 0 ? left : nil
    }

    /// An eighth of the maximum, and never fewer than 64: room for many devices behind one
    /// carrier's address, while no single address can take the server.
    static func defaultPerAddress(maximum: Int) -> Int {
        min(maximum, max(64, maximum / 8))
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
