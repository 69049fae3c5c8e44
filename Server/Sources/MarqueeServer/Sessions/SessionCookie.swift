import Vapor

/// The session cookie as the server sets and clears it.
///
/// `HttpOnly` (scripts never see the token), `SameSite=Strict` (no other site's page can make the
/// browser send it), `Path=/api/v1`, and `Secure` when the configured public URL is https: a
/// server reached over plain http (development, a loopback demo) could not set a `Secure` cookie
/// at all. Behind a TLS-terminating proxy, set `--public-url https://…` so cookies are `Secure`.
enum SessionCookie {
    static func issue(_ session: SessionStore.Active, on request: Request) -> HTTPCookies.Value {
        HTTPCookies.Value(string: session.token.value, maxAge: Int(SessionPolicy.absoluteLifetime),
                          path: SessionPolicy.cookiePath, isSecure: isSecure(request),
                          isHTTPOnly: true, sameSite: .strict)
    }

    /// An expired, empty cookie: the browser forgets the session.
    static func cleared(on request: Request) -> HTTPCookies.Value {
        HTTPCookies.Value(string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: SessionPolicy.cookiePath,
                          isSecure: isSecure(request), isHTTPOnly: true, sameSite: .strict)
    }

    private static func isSecure(_ request: Request) -> Bool {
        request.marquee.configuration.publicURL?.scheme == "https"
    }
}
