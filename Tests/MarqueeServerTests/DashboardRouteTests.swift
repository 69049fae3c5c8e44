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
            #expect(policy.contains("script-src 'self' 'sha256-"), "only the dashboard's file and Marquee's bridge run")
            #expect(!policy.contains("script-src 'self' 'unsafe-inline'"))
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
}
