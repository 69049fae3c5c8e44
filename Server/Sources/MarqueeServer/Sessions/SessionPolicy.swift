import Foundation

/// How long dashboard sessions last and what their cookie looks like.
///
/// A session ends after 12 hours without a request (a day's work, not a night left open) and
/// 7 days after sign-in however busy it is, whichever comes first. Ended sessions are refused
/// and deleted when next presented, and swept at each sign-in.
enum SessionPolicy {
    static let idleLifetime: TimeInterval = 12 * 3600
    static let absoluteLifetime: TimeInterval = 7 * 86_400
    /// A session's last use is written at most this often, so reads do not each cost a write.
    static let touchInterval: TimeInterval = 60

    /// The cookie's name.
    static let cookieName = "marquee_session"
    /// Only the API needs the cookie (the dashboard's files are public): it travels to
    /// `/api/v1/…`, the preview frame included, and nowhere else.
    static let cookiePath = "/api/v1"
    /// The header that carries the session's CSRF token on cookie-authenticated writes.
    static let csrfHeader = "X-CSRF-Token"
}
