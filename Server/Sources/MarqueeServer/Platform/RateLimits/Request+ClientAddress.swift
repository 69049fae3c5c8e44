import Vapor

extension Request {
    /// The address of the client this request came from: the connection's peer, or, when the
    /// peer is a trusted proxy (`--trusted-proxies`), the nearest untrusted address in
    /// `X-Forwarded-For`. Anyone else's `X-Forwarded-For` is ignored: a client must not choose the
    /// address its requests are limited under.
    var clientAddress: String {
        let peer = remoteAddress?.ipAddress
        let proxies = marquee.configuration.trustedProxies
        guard proxies.trusts(peer) else { return peer ?? "unknown" }
        let forwarded = headers[.xForwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // Each proxy appends the address it received from, so the nearest hops are at the end.
        return forwarded.reversed().first { !proxies.trusts($0) } ?? forwarded.first ?? peer ?? "unknown"
    }
}
