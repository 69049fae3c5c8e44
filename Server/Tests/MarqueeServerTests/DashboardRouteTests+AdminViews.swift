import Foundation
import Testing

extension DashboardRouteTests {
    @Test func theAuditAndAccountsViewsAreServedAndWriteOnlyText() async throws {
        try await TestServer.with { server in
            for name in ["audit.js", "accounts.js"] {
                let script = try await server.send(.GET, "/dashboard/\(name)", token: nil)
                #expect(script.status == .ok, "\(name)")
                #expect(script.headers.contentType?.subType == "javascript")
                #expect(!script.text.contains("innerHTML"), "\(name) writes text only")
                #expect(!script.text.contains("insertAdjacentHTML"))
            }
            let page = try await server.send(.GET, "/dashboard", token: nil).text
            for id in ["view-audit", "view-accounts", "audit-view", "accounts-view", "account-form"] {
                #expect(page.contains("id=\"\(id)\""), "\(id)")
            }
        }
    }
}
