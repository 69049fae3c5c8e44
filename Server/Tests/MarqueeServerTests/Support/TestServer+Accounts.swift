import Foundation
import MarqueeServer
import Testing
import Vapor

/// Team accounts and dashboard sessions, through the admin API as the dashboard uses it.
extension TestServer {
    static let password = "correct horse battery"

    struct CreatedAccount: Decodable {
        var id: UUID
        var email: String
        var role: String
    }

    /// A signed-in dashboard session: its cookie and CSRF token.
    struct Session: Sendable {
        var cookie: String
        var csrf: String
        var setCookie: String

        /// Headers of a request signed in by this session; `csrf: false` leaves the token out.
        func headers(csrf includesToken: Bool = true) -> [(String, String)] {
            var headers = [("Cookie", "marquee_session=\(cookie)")]
            if includesToken { headers.append(("X-CSRF-Token", csrf)) }
            return headers
        }
    }

    /// Creates an account with the admin token.
    @discardableResult
    func createAccount(_ email: String, role: String, password: String = TestServer.password) async throws -> CreatedAccount {
        let response = try await send(.POST, "/api/v1/accounts", json: ["email": email, "role": role, "password": password])
        guard response.status == .created else { throw TestFailure("create account: \(response.status) \(response.text)") }
        return try response.decode(CreatedAccount.self)
    }

    /// Posts a sign-in and returns the raw response.
    func signInResponse(_ email: String, password: String = TestServer.password,
                        headers: [(String, String)] = []) async throws -> TestResponse {
        try await send(.POST, "/api/v1/session/sign-in", token: nil, headers: headers, json: ["email": email, "password": password])
    }

    /// Signs in and returns the session; fails the test when sign-in is refused.
    func signIn(_ email: String, password: String = TestServer.password) async throws -> Session {
        let response = try await signInResponse(email, password: password)
        guard response.status == .ok else { throw TestFailure("sign in: \(response.status) \(response.text)") }
        let setCookie = try #require(response.headers.first(name: .setCookie))
        let value = try #require(setCookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last)
        let csrf = try #require(response.json["csrfToken"] as? String)
        return Session(cookie: String(value), csrf: csrf, setCookie: setCookie)
    }

    /// Sends a request signed in by `session` (no bearer token).
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, session: Session, csrf: Bool = true,
              json: (any Encodable)? = nil) async throws -> TestResponse {
        try await send(method, path, token: nil, headers: session.headers(csrf: csrf), json: json)
    }
}
