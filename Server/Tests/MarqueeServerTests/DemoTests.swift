import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

@Suite("Demo seed")
struct DemoTests {
    @Test(arguments: TestDatabase.available)
    func demoHasOneActiveCampaignOfEachKindAndAPlacement(_ database: TestDatabase) async throws {
        try await TestServer.with(database, seedsDemo: true) { server in
            let apps = try await server.send(.GET, "/api/v1/apps")
            let items = try #require(apps.json["items"] as? [[String: Any]])
            let demo = try #require(items.first { $0["subscriptionID"] as? String == "demo-subscription" })
            let appID = try #require(demo["id"] as? String)
            let campaigns = try await server.send(.GET, "/api/v1/apps/\(appID)/campaigns?status=active")
            struct List: Decodable { var items: [Campaign] }
            let listed = try campaigns.decode(List.self).items
            let kinds = listed.filter { $0.channel != .embedded }.map(\.message.kind)
            #expect(Set(kinds) == Set(MessageKind.allCases))
            #expect(kinds.count == MessageKind.allCases.count)
            #expect(listed.filter { $0.channel == .embedded }.map(\.placement) == ["home.top"], "the example app's home card")

            let full = try await server.send(.POST, "/v1/ping", token: nil, subscription: "demo-subscription",
                                             json: Fixtures.pingBody(capabilities: Capability.allInline))
            #expect(try full.decode(PingResponse.self).data.count == listed.count)
            let demoApp = try Fixtures.CreatedApp(id: #require(UUID(uuidString: appID)), name: "Marquee Demo",
                                                  subscriptionID: "demo-subscription", rolloutPercentage: 100, pingIntervalSeconds: 60)
            let inbox = try await server.inboxSync(demoApp, user: "demo-user")
            #expect(inbox.messages.map(\.content) == [DemoSeeder.inboxMessage], "the example app's user has a message")
            let image = try await server.send(.GET, "/demo/assets/welcome.svg", token: nil)
            #expect(image.status == .ok)
            #expect(image.text.contains("<svg"))

            let accounts = try await server.send(.GET, "/api/v1/accounts")
            let emails = (accounts.json["items"] as? [[String: Any]] ?? []).map { ($0["email"] as? String, $0["role"] as? String) }
            #expect(emails.count == 1)
            #expect(emails.first?.0 == "demo@marquee.local")
            #expect(emails.first?.1 == "admin")
        }
    }
}
