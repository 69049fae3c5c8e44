import Foundation
import Testing

@Suite("Dashboard files")
struct DashboardRouteTests {
    @Test(arguments: TestDatabase.available)
    func pageAndAssetsAreServedWithAStrictPolicy(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let page = try await server.send(.GET, "/dashboard", token: nil)
            #expect(page.status == .ok)
            #expect(page.headers.contentType?.subType == "html")
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("script-src 'self';"), "only the dashboard's own file runs")
            #expect(!policy.contains("unsafe-inline"))
            #expect(page.text.contains("/dashboard/dashboard.js"))
            #expect(!page.text.contains("<script>"), "no inline script: the policy would block it")

            let script = try await server.send(.GET, "/dashboard/dashboard.js", token: nil)
            #expect(script.status == .ok)
            #expect(script.headers.contentType?.subType == "javascript")
            #expect(script.text.contains("/api/v1/preview"))
            #expect(!script.text.contains("innerHTML"), "campaign text reaches the page only as text")
            #expect(try await server.send(.GET, "/dashboard/dashboard.css", token: nil).status == .ok)

            let unknown = try await server.send(.GET, "/dashboard/openapi.yaml", token: nil)
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "not_found")
            #expect(try await server.send(.GET, "/dashboard/index.html", token: nil).status == .notFound)
        }
    }

    @Test func thePreviewFrameIsAPageWithItsOwnSandboxedPolicy() async throws {
        try await TestServer.with { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            let message = #"{"kind": "slideUp", "title": "Free shipping", "body": "Today only"}"#
            var form = URLComponents()
            form.queryItems = [URLQueryItem(name: "csrf", value: session.csrf),
                               URLQueryItem(name: "message", value: message), URLQueryItem(name: "theme", value: "dark")]
            let body = try #require(form.percentEncodedQuery)
            let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "marquee_session=\(session.cookie)")]
            let frame = try await server.send(.POST, "/api/v1/preview/frame", token: nil, headers: headers, rawBody: body)
            #expect(frame.status == .ok, "\(frame.text)")
            #expect(frame.headers.contentType?.subType == "html")
            #expect(frame.headers.first(name: "Content-Security-Policy") == "sandbox allow-scripts; frame-ancestors 'self'")
            #expect(frame.text.contains("Free shipping"))

            var wrong = form
            wrong.queryItems?[0].value = "not-the-token"
            let refused = try await server.send(.POST, "/api/v1/preview/frame", token: nil, headers: headers,
                                                rawBody: try #require(wrong.percentEncodedQuery))
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "csrf_token_invalid")
        }
    }
}
