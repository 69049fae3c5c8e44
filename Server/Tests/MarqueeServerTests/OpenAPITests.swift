import Foundation
import MarqueeServer
import Testing
import Vapor

@Suite("OpenAPI document")
struct OpenAPITests {
    /// `GET /api/v1/apps/{appID}` for every operation the document lists.
    static func documentedOperations(in yaml: String) -> Set<String> {
        var operations: Set<String> = []
        var currentPath: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if !line.hasPrefix(" ") {
                currentPath = nil
            } else if let path = currentPath, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "post", "put", "delete", "patch", "options"].contains(key) {
                    operations.insert("\(key.uppercased()) \(path)")
                }
            }
        }
        return operations
    }

    @Test(arguments: TestDatabase.available)
    func documentMatchesTheRegisteredRoutes(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let registered = Set(server.app.routes.all.map { route in
                let path = route.path.map { component -> String in
                    if case .parameter(let name) = component { return "{\(name)}" }
                    return component.description
                }.joined(separator: "/")
                return "\(route.method.rawValue) /\(path)"
            })
            let documented = Self.documentedOperations(in: OpenAPIDocument.text())
            #expect(registered.subtracting(documented).isEmpty, "undocumented: \(registered.subtracting(documented).sorted())")
            #expect(documented.subtracting(registered).isEmpty, "documented but not served: \(documented.subtracting(registered).sorted())")
            #expect(documented.count >= 17)
        }
    }

    /// The response codes each operation documents, as `"GET /path": ["200", "401"]`.
    static func documentedStatuses(in yaml: String) -> [String: Set<String>] {
        var statuses: [String: Set<String>] = [:]
        var path: String?
        var operation: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
                operation = nil
            } else if !line.hasPrefix(" ") {
                path = nil
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                operation = ["get", "post", "put", "delete", "patch", "options"].contains(key) ? "\(key.uppercased()) \(path)" : nil
            } else if let operation, line.hasPrefix("        \""), !line.hasPrefix("         ") {
                statuses[operation, default: []].insert(String(line.dropFirst(9).prefix(3)))
            }
        }
        return statuses
    }

    @Test func everyAdminOperationDocumentsItsClientErrors() throws {
        let statuses = Self.documentedStatuses(in: OpenAPIDocument.text())
        let admin = statuses.filter { $0.key.contains(" /api/v1/") && !$0.key.hasSuffix("/preview/frame") }
        #expect(admin.count >= 15)
        for (operation, codes) in admin {
            #expect(codes.isSuperset(of: ["400", "401"]), "\(operation) documents \(codes.sorted())")
        }
    }

    @Test func everyAdminOperationAnswers401WithoutCredentials() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            // Signing in is the one admin operation open to everyone (it is how credentials are obtained).
            for operation in Self.documentedOperations(in: OpenAPIDocument.text())
            where operation.contains(" /api/v1/") && !operation.hasSuffix("/preview/frame") && !operation.hasSuffix("/session/sign-in") {
                let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
                let path = parts[1].replacingOccurrences(of: "{appID}", with: app.id.uuidString.lowercased())
                    .replacingOccurrences(of: "{campaignID}", with: campaign).replacingOccurrences(of: "{userID}", with: "ada")
                    .replacingOccurrences(of: "{accountID}", with: UUID().uuidString.lowercased())
                let response = try await server.send(HTTPMethod(rawValue: parts[0]), path, token: nil, raw: "{}")
                #expect(response.status == .unauthorized, "\(operation) answered \(response.status)")
            }
        }
    }

    @Test func aKnownPathWithAnotherMethodIs405() async throws {
        try await TestServer.with { server in
            let trace = try await server.send(.TRACE, "/healthz", token: nil)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers.first(name: "Allow") == "GET, HEAD")
            #expect(trace.errorCode == "method_not_allowed")
            let deletePing = try await server.send(.DELETE, "/v1/ping", token: nil)
            #expect(deletePing.status == .methodNotAllowed)
            // OPTIONS is there for browsers' CORS preflights (DeviceCORSMiddleware).
            #expect(deletePing.headers.first(name: "Allow") == "OPTIONS, POST")
            let patchCampaigns = try await server.send(.PATCH, "/api/v1/apps/\(UUID())/campaigns", token: nil)
            #expect(patchCampaigns.status == .methodNotAllowed, "the method is checked before credentials")
            #expect(try await server.send(.GET, "/no/such/path", token: nil).status == .notFound)
        }
    }
}
