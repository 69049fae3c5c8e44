import Foundation

/// Where one delivery goes: the URL as the team gave it, and the addresses its host resolved to
/// when the URL policy checked them. The sender connects to these addresses only, sending the
/// URL's host in `Host` and, over TLS, as the server name, so the name is never resolved again.
struct WebhookTarget: Sendable, Equatable {
    var url: URL
    /// Checked addresses, in the resolver's order (4 bytes for IPv4, 16 for IPv6).
    var addresses: [[UInt8]]

    var usesTLS: Bool { url.scheme?.lowercased() == "https" }

    /// The host without IPv6 brackets, as TLS names it.
    var host: String {
        let host = url.host ?? ""
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    var port: Int { url.port ?? (usesTLS ? 443 : 80) }

    /// The `Host` header: the host, and the port when it is not the scheme's own.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return url.port.map { "\(name):\($0)" } ?? name
    }

    /// The request target: the path (at least `/`) and the query.
    var requestTarget: String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
