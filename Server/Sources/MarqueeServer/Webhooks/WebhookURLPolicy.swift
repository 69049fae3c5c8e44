import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which URLs a webhook may be sent to: `http` or `https`, at most 2,048 bytes, and a host whose
/// every address is public. Loopback, private, link-local, shared (CGNAT), multicast and
/// unspecified addresses are refused unless the server allows them (`--allow-private-webhook-urls`,
/// for development and tests), so a webhook cannot reach the server's own network. The host is
/// resolved when the endpoint is made and again before each delivery.
struct WebhookURLPolicy: Sendable {
    static let maxLength = 2_048
    var allowsPrivateAddresses: Bool

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case malformed
        case unresolvable(String)
        case privateAddress(String)

        var description: String {
            switch self {
            case .malformed: "url must be an http or https URL with a host, of at most \(WebhookURLPolicy.maxLength) bytes"
            case .unresolvable(let host): "url's host \(host) does not resolve"
            case .privateAddress(let address):
                "url resolves to \(address), a loopback, private or link-local address (the server allows these only with --allow-private-webhook-urls)"
            }
        }
    }

    /// The URL, once its form is right; throws ``Refusal``.
    static func parse(_ text: String) throws -> URL {
        guard text.utf8.count <= maxLength, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else {
            throw Refusal.malformed
        }
        return url
    }

    /// Throws ``Refusal`` unless `url` may be sent to now.
    func check(_ url: URL) async throws {
        let host = try Self.parse(url.absoluteString).host!
        let addresses = try await Self.resolve(host)
        guard !allowsPrivateAddresses else { return }
        if let address = addresses.first(where: { !Self.isPublic($0) }) {
            throw Refusal.privateAddress(Self.text(address))
        }
    }

    /// Every address `host` resolves to, as raw bytes (4 for IPv4, 16 for IPv6). Name lookup
    /// blocks, so it runs off the caller's thread.
    static func resolve(_ host: String) async throws -> [[UInt8]] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses = await Task.detached { lookUp(bare) }.value
        guard !addresses.isEmpty else { throw Refusal.unresolvable(host) }
        return addresses
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
        return addresses
    }

    /// Whether an address is on the public internet.
    static func isPublic(_ address: [UInt8]) -> Bool {
        if address.count == 4 { return isPublicIPv4(address) }
        guard address.count == 16 else { return false }
        // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses are their IPv4 address.
        if address[0..<10].allSatisfy({ $0 == 0 }) && ((address[10] == 0xFF && address[11] == 0xFF) || (address[10] == 0 && address[11] == 0)) {
            return isPublicIPv4(Array(address[12...]))
        }
        let unspecifiedOrLoopback = address[0..<15].allSatisfy { $0 == 0 } && address[15] <= 1
        let linkLocal = address[0] == 0xFE && address[1] & 0xC0 == 0x80
        let uniqueLocal = address[0] & 0xFE == 0xFC
        let multicast = address[0] == 0xFF
        return !(unspecifiedOrLoopback || linkLocal || uniqueLocal || multicast)
    }

    private static func isPublicIPv4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1]) {
        case (0, _), (10, _), (127, _): false                       // this network, private, loopback
        case (100, 64...127): false                                 // shared address space (CGNAT)
        case (169, 254): false                                      // link-local (cloud metadata)
        case (172, 16...31), (192, 168): false                      // private
        case (224...255, _): false                                  // multicast, reserved, broadcast
        default: true
        }
    }

    private static func text(_ address: [UInt8]) -> String {
        address.count == 4 ? address.map(String.init).joined(separator: ".")
            : stride(from: 0, to: 16, by: 2).map { String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
