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
                if ["get", "post", "put", "delete", "patch"].contains(key) {
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
            let documented = Self.documentedOperations(in: try OpenAPIDocument.text())
            #expect(registered.subtracting(documented).isEmpty, "undocumented: \(registered.subtracting(documented).sorted())")
            #expect(documented.subtracting(registered).isEmpty, "documented but not served: \(documented.subtracting(registered).sorted())")
            #expect(documented.count >= 17)
        }
    }
}
