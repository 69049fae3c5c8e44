import Foundation
@testable import MarqueeServer
import Testing
import Vapor

/// The route table is the server's routes: every route served comes from it, the OpenAPI
/// document lists the same operations, and every admin route has a permission area.
@Suite("Route table")
struct RouteTableTests {
    @Test func everyRouteServedIsInTheTableOnceAndDocumented() async throws {
        try await TestServer.with { server in
            let served = server.app.routes.all.map { route in
                "\(route.method.rawValue) /" + route.path.map { component -> String in
                    if case .parameter(let name) = component { return "{\(name)}" }
                    return component.description
                }.joined(separator: "/")
            }
            let table = RouteTable.all.map(\.documentedName)
            #expect(Set(table).count == table.count, "a route is listed twice")
            #expect(served.sorted() == table.sorted(), "served but not in the table: \(Set(served).subtracting(table).sorted())")
            let documented = OpenAPITests.documentedOperations(in: OpenAPIDocument.text())
            #expect(Set(table) == documented, "in the table only: \(Set(table).subtracting(documented).sorted()); documented only: \(documented.subtracting(table).sorted())")
        }
    }

    @Test func everyAdminRouteHasTheAreaTheTableDeclares() async throws {
        try await TestServer.with { server in
            for route in server.app.routes.all {
                let path = "/" + route.path.map(\.description).joined(separator: "/")
                let endpoint = try #require(RouteTable.all.first { $0.method == route.method && $0.path == path })
                #expect(route.adminArea == endpoint.access.area, "\(endpoint.documentedName)")
                switch endpoint.access {
                case .admin, .app:
                    #expect(path.hasPrefix("/api/v1/"), "\(path)")
                case .signIn, .previewFrame:
                    #expect(path.hasPrefix("/api/v1/"), "\(path)")
                case .open, .metrics, .sdk, .deviceFrame:
                    #expect(!path.hasPrefix("/api/"), "\(path) is outside the admin API's middleware")
                }
                if case .app = endpoint.access { #expect(path.hasPrefix("/api/v1/apps/:appID"), "\(path)") }
            }
        }
    }

    @Test func anAccountsRoleDecidesInEveryAreaAndTheAdministratorMayDoEverything() {
        for endpoint in RouteTable.all {
            guard let area = endpoint.access.area else { continue }
            #expect(Principal.admin.permits(endpoint.method, in: area), "\(endpoint.documentedName)")
            // A viewer reads what it may and changes nothing but its own session and previews.
            let viewer = Principal.account(id: UUID(), role: .viewer)
            if CSRFMiddleware.changesState(endpoint.method), area != .session, area != .preview {
                #expect(!viewer.permits(endpoint.method, in: area), "\(endpoint.documentedName)")
            }
        }
    }
}

/// No request body can make a route answer 500: a number out of range, or anything else a
/// decoder cannot read, is the client's error.
@Suite("Unreadable bodies")
struct UnreadableBodyTests {
    @Test func everyRouteWithABodyAnswersAnOutOfRangeNumberWith400() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let account = try await server.send(.POST, "/api/v1/accounts",
                                                raw: #"{"email": "ed@example.com", "role": "editor", "password": "a long enough secret"}"#).json
            let accountID = account["id"] as? String ?? "00000000-0000-0000-0000-000000000000"
            for endpoint in RouteTable.all where [.POST, .PUT, .PATCH].contains(endpoint.method) {
                let path = endpoint.path
                    .replacingOccurrences(of: ":appID", with: app.id.uuidString)
                    .replacingOccurrences(of: ":campaignID", with: campaign)
                    .replacingOccurrences(of: ":accountID", with: accountID)
                    .replacingOccurrences(of: ":userID", with: "ada")
                    .replacingOccurrences(of: ":messageID", with: UUID().uuidString)
                for body in [#"{"zz": 1e999}"#, #"{"name": 1e999}"#, "[1e999]"] {
                    let response = try await server.send(endpoint.method, path, subscription: app.subscriptionID, deviceID: "d", raw: body)
                    #expect(response.status.code < 500, "\(endpoint.method) \(path) with \(body): \(response.status) \(response.text)")
                }
            }
        }
    }
}
