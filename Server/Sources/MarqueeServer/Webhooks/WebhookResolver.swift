import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a webhook URL's host into addresses. The URL policy asks it once per delivery and the
/// sender connects to what it answered, so the name is never looked up again between the check
/// and the connection (DNS rebinding). Tests inject their own.
protocol WebhookResolver: Sendable {
    /// Every address `host` resolves to, as raw bytes (4 for IPv4, 16 for IPv6); empty when none.
    func addresses(of host: String) async -> [[UInt8]]
}

/// The system's resolver (`getaddrinfo`). Name lookup blocks for as long as DNS takes, so it runs
/// on NIO's blocking pool: on Swift's cooperative threads (one per core) a few slow lookups would
/// stall every task of the server.
struct SystemWebhookResolver: WebhookResolver {
    func addresses(of host: String) async -> [[UInt8]] {
        (try? await NIOThreadPool.singleton.runIfActive { Self.lookUp(host) }) ?? []
    }

    private static func lookUp(_ host: String) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            if let address = info.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        addresses.append(withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) })
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        addresses.append(withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) })
                    }
                default:
                    break
                }
            }
            next = info.pointee.ai_next
        }
        // getaddrinfo lists an address once per protocol it serves.
        var seen = Set<[UInt8]>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
