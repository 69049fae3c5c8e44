#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The proxies whose `X-Forwarded-Proto` and `X-Forwarded-Host` headers the server believes:
/// addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`). Forwarded headers
/// from anyone else are ignored, so a client cannot choose the endpoint URLs other devices get.
public struct TrustedProxies: Sendable, Equatable {
    /// One address range: the address's bytes and how many leading bits must match.
    struct Range: Sendable, Equatable {
        var bytes: [UInt8]
        var prefixLength: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var remaining = prefixLength
            for (a, b) in zip(address, bytes) where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if a & mask != b & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    var ranges: [Range]

    public static let none = TrustedProxies(ranges: [])

    init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// Parses a comma-separated list; throws a message naming the first entry that is not an
    /// address or range.
    public init(parsing list: String) throws(ConfigurationError) {
        var ranges: [Range] = []
        for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.addressBytes(parts[0]) else {
                throw ConfigurationError(problems: ["trusted proxy '\(entry)' is not an IP address or CIDR range"])
            }
            let maxLength = bytes.count * 8
            let length = parts.count == 2 ? Int(parts[1]) : maxLength
            guard let length, (0...maxLength).contains(length) else {
                throw ConfigurationError(problems: ["trusted proxy '\(entry)' has a prefix length outside 0...\(maxLength)"])
            }
            ranges.append(Range(bytes: bytes, prefixLength: length))
        }
        self.ranges = ranges
    }

    /// Whether a request from `address` (an IP address as text) came through a trusted proxy.
    public func trusts(_ address: String?) -> Bool {
        guard let address, let bytes = Self.addressBytes(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
