import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
import MarqueeServer
import SQLKit
import Testing
import Vapor

/// Dashboard sessions: sign-in, the cookie, CSRF, sign-out, expiry and failed sign-in limits.
@Suite("Dashboard sessions")
struct SessionTests {
    @Test(arguments: TestDatabase.available)
    func signingInSetsAStrictCookieAndTheSessionKnowsTheAccount(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            try await server.createAccount("Ada@Example.com ", role: "editor")

            let session = try await server.signIn("ada@example.COM")
            let attributes = session.setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            #expect(attributes.contains("httponly"))
            #expect(attributes.contains("samesite=strict"))
            #expect(attributes.contains("path=/api/v1"))
            #expect(attributes.contains("max-age=604800"))
            #expect(!attributes.contains("secure"), "a plain-http server cannot set a Secure cookie")
            #expect(session.cookie.count >= 40, "a random token of 256 bits")

            let me = try await server.send(.GET, "/api/v1/session", session: session, csrf: false)
            #expect(me.status == .ok)
            #expect(me.json["email"] as? String == "ada@example.com")
            #expect(me.json["role"] as? String == "editor")
            #expect(me.json["csrfToken"] as? String == session.csrf)

            // Only the token's hash is stored.
            let sql = try #require(server.app.db as? any SQLDatabase)
            let rows = try await sql.raw("SELECT token_hash FROM sessions").all()
            #expect(rows.count == 1)
            #expect(try rows[0].decode(column: "token_hash", as: String.self) != session.cookie)
        }
    }

    @Test func theCookieIsSecureWhenThePublicURLIsHTTPS() async throws {
        try await TestServer.with(publicURL: URL(string: "https://marquee.example.com")) { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            #expect(session.setCookie.lowercased().contains("; secure"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWrongPasswordAndAnUnknownEmailAreIndistinguishable(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            try await server.createAccount("ada@example.com", role: "admin")
            let wrong = try await server.signInResponse("ada@example.com", password: "not the password at all")
            let unknown = try await server.signInResponse("nobody@example.com", password: "not the password at all")
            let malformed = try await server.signInResponse("nobody", password: "not the password at all")
            for response in [wrong, unknown, malformed] {
                #expect(response.status == .unauthorized)
                #expect(response.headers.first(name: .setCookie) == nil)
            }
            #expect(wrong.body == unknown.body)
            #expect(unknown.body == malformed.body)
            #expect(wrong.errorCode == "invalid_credentials")

            #expect(try await server.send(.POST, "/api/v1/session/sign-in", token: nil, json: ["email": "ada@example.com"]).status == .badRequest)
            let form = try await server.send(.POST, "/api/v1/session/sign-in", token: nil,
                                             headers: [("Content-Type", "text/plain")],
                                             rawBody: #"{"email": "ada@example.com", "password": "correct horse battery"}"#)
            #expect(form.status == .unsupportedMediaType, "only JSON, which another site's form cannot send")
        }
    }

    @Test(arguments: TestDatabase.available)
    func cookieWritesNeedTheSessionsCSRFToken(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await server.createAccount("ed@example.com", role: "editor")
            try await server.createAccount("other@example.com", role: "editor")
            let session = try await server.signIn("ed@example.com")
            let other = try await server.signIn("other@example.com")
            let path = "/api/v1/apps/\(app.id)/campaigns"

            let missing = try await server.send(.POST, path, session: session, csrf: false, json: Fixtures.modal())
            #expect(missing.status == .forbidden)
            #expect(missing.errorCode == "csrf_token_missing")

            let foreign = try await server.send(.POST, path, token: nil,
                                                headers: [("Cookie", "marquee_session=\(session.cookie)"), ("X-CSRF-Token", other.csrf)],
                                                json: Fixtures.modal())
            #expect(foreign.status == .forbidden)
            #expect(foreign.errorCode == "csrf_token_invalid", "another session's token does not fit")

            #expect(try await server.send(.GET, path, session: session, csrf: false).status == .ok, "reads need no token")
            #expect(try await server.send(.POST, path, session: session, json: Fixtures.modal()).status == .created)
            #expect(try await server.send(.POST, path, json: Fixtures.modal()).status == .created, "bearer requests are exempt")
        }
    }

    @Test(arguments: TestDatabase.available)
    func signingOutEndsTheSessionOnTheServer(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            let kept = try await server.signIn("ada@example.com")

            #expect(try await server.send(.POST, "/api/v1/session/sign-out", session: session, csrf: false).status == .forbidden,
                    "signing out is a change: it needs the token")
            let out = try await server.send(.POST, "/api/v1/session/sign-out", session: session)
            #expect(out.status == .noContent)
            #expect(out.headers.first(name: .setCookie)?.contains("Max-Age=0") == true, "the browser forgets the cookie")

            // A copy of the cookie kept by someone else is worthless now.
            let replay = try await server.send(.GET, "/api/v1/session", session: session)
            #expect(replay.status == .unauthorized)
            #expect(replay.errorCode == "session_invalid")
            #expect(try await server.send(.GET, "/api/v1/session", session: kept).status == .ok, "other sessions go on")
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionsEndAfterTwelveIdleHoursAndSevenDaysAtMost(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let idle = try await server.signIn("ada@example.com")
            let busy = try await server.signIn("ada@example.com")

            // Used every 11 hours, a session lives on; left alone for 12, it ends.
            server.clock.advance(by: 11 * 3600)
            #expect(try await server.send(.GET, "/api/v1/session", session: busy).status == .ok)
            server.clock.advance(by: 3600)
            let ended = try await server.send(.GET, "/api/v1/session", session: idle)
            #expect(ended.status == .unauthorized)
            #expect(ended.errorCode == "session_expired")
            #expect(try await server.send(.GET, "/api/v1/session", session: idle).errorCode == "session_invalid",
                    "an ended session is deleted")

            var elapsed: TimeInterval = 12 * 3600
            while elapsed + 11 * 3600 < 7 * 86_400 {
                #expect(try await server.send(.GET, "/api/v1/session", session: busy).status == .ok, "after \(elapsed / 3600) hours")
                server.clock.advance(by: 11 * 3600)
                elapsed += 11 * 3600
            }
            server.clock.advance(by: 7 * 86_400 - elapsed)
            let final = try await server.send(.GET, "/api/v1/session", session: busy)
            #expect(final.errorCode == "session_expired", "seven days after sign-in, however busy")
        }
    }

    @Test func failedSignInsAreLimitedPerAccountAndPerAddress() async throws {
        try await TestServer.with { server in
            try await server.createAccount("ada@example.com", role: "admin")
            var statuses: [UInt] = []
            for _ in 0..<6 { statuses.append(try await server.signInResponse("ada@example.com", password: "wrong password!!").status.code) }
            #expect(statuses == [401, 401, 401, 401, 401, 429], "five failures, then refused")
            let refused = try await server.signInResponse("ada@example.com")
            #expect(refused.status == .tooManyRequests, "even the right password waits: the limit is no oracle")
            #expect(refused.errorCode == "sign_in_rate_limited")
            #expect(refused.headers.first(name: "Retry-After") == "6")
            let unknownRefused = try await server.signInResponse("nobody@example.com", password: "wrong password!!")
            #expect(unknownRefused.status == .unauthorized, "another email has its own allowance")

            server.clock.advance(by: 6)
            #expect(try await server.signInResponse("ada@example.com").status == .ok, "one more try every 6 seconds")

            // One address trying many emails: 20 failures at once and 40 a minute. Six failures were
            // counted above (refusals and the success are given back) and 6 seconds restored 4.
            var spread: [UInt] = []
            for index in 0..<20 {
                spread.append(try await server.signInResponse("guess\(index)@example.com", password: "wrong password!!").status.code)
            }
            #expect(spread.prefix(18).allSatisfy { $0 == 401 }, "\(spread)")
            #expect(spread.suffix(2) == [429, 429], "\(spread)")
        }
    }

    @Test func successfulSignInsAreNotCounted() async throws {
        try await TestServer.with { server in
            try await server.createAccount("ada@example.com", role: "admin")
            for _ in 0..<12 { #expect(try await server.signInResponse("ada@example.com").status == .ok) }
        }
    }

    @Test func addressesBehindATrustedProxyAreLimitedApart() async throws {
        try await TestServer.with(trustedProxies: try TrustedProxies(parsing: "127.0.0.1")) { server in
            // Over a real connection: the client address comes from the socket, 127.0.0.1.
            try await server.app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(server.app.marqueeListeningPort)
            func attempt(from address: String) async throws -> Int {
                var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v1/session/sign-in")!)
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(address, forHTTPHeaderField: "X-Forwarded-For")
                request.httpBody = Data(#"{"email": "guess\#(UUID())@example.com", "password": "wrong password!!"}"#.utf8)
                let (_, response) = try await URLSession.shared.data(for: request)
                return (response as? HTTPURLResponse)?.statusCode ?? 0
            }
            var first: [Int] = []
            for _ in 0..<21 { first.append(try await attempt(from: "203.0.113.7")) }
            #expect(first.last == 429, "\(first)")
            #expect(try await attempt(from: "198.51.100.9") == 401, "another client behind the proxy is not held back")
            await server.app.server.shutdown()
        }
    }

    @Test(arguments: TestDatabase.available)
    func thePreviewFrameSignsInWithTheCookieAndTheFormsToken(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            try await server.createAccount("vi@example.com", role: "viewer")
            let session = try await server.signIn("vi@example.com")
            func frame(csrf: String, cookie: Bool = true) async throws -> TestResponse {
                var form = URLComponents()
                form.queryItems = [URLQueryItem(name: "csrf", value: csrf),
                                   URLQueryItem(name: "message", value: #"{"kind": "modal", "title": "Framed"}"#)]
                var headers = [("Content-Type", "application/x-www-form-urlencoded")]
                if cookie { headers.append(("Cookie", "marquee_session=\(session.cookie)")) }
                return try await server.send(.POST, "/api/v1/preview/frame", token: nil, headers: headers,
                                             rawBody: try #require(form.percentEncodedQuery))
            }
            let page = try await frame(csrf: session.csrf)
            #expect(page.status == .ok)
            #expect(page.text.contains("Framed"))
            #expect(page.headers.first(name: "Content-Security-Policy") == "sandbox allow-scripts; frame-ancestors 'self'")
            #expect(try await frame(csrf: "forged").status == .forbidden)
            #expect(try await frame(csrf: session.csrf, cookie: false).status == .unauthorized)
        }
    }
}
