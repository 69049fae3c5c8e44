import Foundation

/// Which URLs a webhook may be sent to: `http` or `https`, at most 2,048 bytes, and a host whose
/// every address is public. Loopback, private, link-local, shared (CGNAT), benchmarking,
/// IETF-protocol (`192.0.0.0/24`), multicast, reserved and unspecified addresses are refused, and
/// so are IPv6 addresses that carry an IPv4 one to a translator or tunnel (NAT64, 6to4, Teredo),
/// unless the server allows them (`--allow-private-webhook-urls`, for development and tests), so
/// a webhook cannot reach the server's own network. The host is resolved once when the endpoint
/// is made and once before each delivery, which connects to the addresses checked then
/// (``WebhookTarget``).
struct WebhookURLPolicy: Sendable {
    static let maxLength = 2_048
    var allowsPrivateAddresses: Bool
    var resolver: any WebhookResolver = SystemWebhookResolver()

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case malformed
        case unresolvable(String)
        case privateAddress(String)

        var description: String {
            switch self {
            case .malformed: "url must be an http or https URL with a host, of at most \(WebhookURLPolicy.maxLength) bytes"
            case .unresolvable(let host): "url's host \(host) does not resolve"
            case .privateAddress(let address):
                "url resolves to \(address), a loopback, private, link-local or otherwise special address (the server allows these only with --allow-private-webhook-urls)"
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

    /// Resolves `url`'s host once and checks every address; throws ``Refusal`` unless all may be
    /// sent to. The target holds those addresses: the delivery connects to them and no other.
    func target(for url: URL) async throws -> WebhookTarget {
        let url = try Self.parse(url.absoluteString)
        let target = WebhookTarget(url: url, addresses: [])
        let addresses = await resolver.addresses(of: target.host)
        guard !addresses.isEmpty else { throw Refusal.unresolvable(url.host ?? "") }
        if !allowsPrivateAddresses, let address = addresses.first(where: { !Self.isPublic($0) }) {
            throw Refusal.privateAddress(Self.text(address))
        }
        return WebhookTarget(url: url, addresses: addresses)
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
        // These reach an IPv4 address through a translator or tunnel, whichever address it is:
        // NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48), 6to4 (2002::/16), Teredo (2001::/32).
        let nat64 = address[0..<4] == [0x00, 0x64, 0xFF, 0x9B] && (address[4..<12].allSatisfy { $0 == 0 }
            || address[4..<6] == [0x00, 0x01])
        let sixToFour = address[0] == 0x20 && address[1] == 0x02
        let teredo = address[0..<4] == [0x20, 0x01, 0x00, 0x00]
        return !(unspecifiedOrLoopback || linkLocal || uniqueLocal || multicast || nat64 || sixToFour || teredo)
    }

    private static func isPublicIPv4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1], a[2]) {
        case (0, _, _), (10, _, _), (127, _, _): false              // this network, private, loopback
        case (100, 64...127, _): false                              // shared address space (CGNAT)
        case (169, 254, _): false                                   // link-local (cloud metadata)
        case (172, 16...31, _), (192, 168, _): false                // private
        case (192, 0, 0): false                                     // IETF protocol assignments
        case (198, 18...19, _): false                               // benchmarking
        case (224...255, _, _): false                               // multicast, reserved, broadcast
        default: true
        }
    }

    static func text(_ address: [UInt8]) -> String {
        address.count == 4 ? address.map(String.init).joined(separator: ".")
            : stride(from: 0, to: 16, by: 2).map { String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
