import Crypto
import Foundation

/// The random secret a session cookie holds, and what derives from it.
///
/// The CSRF token is derived from the session token (SHA-256 over a fixed label and the token)
/// rather than stored: the server recomputes it from the cookie of each request, and knowing it
/// reveals nothing about the cookie, which scripts cannot read (`HttpOnly`).
struct SessionToken: Sendable {
    let value: String

    /// A new 256-bit token.
    static func generate() -> SessionToken {
        SessionToken(value: Secrets.generate(prefix: "mqsess_"))
    }

    /// What the database stores.
    var hash: String { Secrets.hash(value) }

    /// What the dashboard sends in `X-CSRF-Token` with every write.
    var csrfToken: String { Secrets.hash("marquee-csrf:" + value) }
}
