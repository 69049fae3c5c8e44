import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// `…/users/:userID/attributes`: placeholder values an app's backend keeps on the server, which
/// pings carry to verified users only.
@Suite("User attributes", .serialized)
struct UserAttributesTests {
    func path(_ app: Fixtures.CreatedApp, _ user: String = "ada") -> String {
        "/api/v1/apps/\(app.id)/users/\(user)/attributes"
    }

    /// A Marquee SDK ping for `user`, signed with `signature` when given.
    func ping(_ server: TestServer, _ app: Fixtures.CreatedApp, user: String = "ada", signature: String? = nil,
              fingerprint: String? = nil) async throws -> [String: Any] {
        var body = Fixtures.pingBody(userID: user, capabilities: Capability.allInline)
        body.marqueeFingerprint = fingerprint
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID,
                                             headers: signature.map { [(ProtocolHeader.userSignature, $0)] } ?? [], json: body)
        #expect(response.status == .ok, "\(response.text)")
        return response.json["marquee"] as? [String: Any] ?? [:]
    }

    @Test(arguments: TestDatabase.available)
    func valuesAreKeptReplacedAndRemoved(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let empty = try await server.send(.GET, path(app))
            #expect(empty.status == .ok && (empty.json["attributes"] as? [String: String]) == [:])

            let stored = try await server.send(.PUT, path(app), raw: #"{"attributes": {"first_name": "Ada", "tier": "gold"}}"#)
            #expect(stored.status == .ok, "\(stored.text)")
            #expect(try await server.send(.GET, path(app)).json["attributes"] as? [String: String] == ["first_name": "Ada", "tier": "gold"])
            #expect(try await server.send(.GET, path(app, "bob")).json["attributes"] as? [String: String] == [:], "per user")

            try await server.send(.PUT, path(app), raw: #"{"attributes": {"first_name": "Ada L."}}"#)
            #expect(try await server.send(.GET, path(app)).json["attributes"] as? [String: String] == ["first_name": "Ada L."])
            try await server.send(.PUT, path(app), raw: #"{"attributes": {}}"#)
            #expect(try await server.send(.GET, path(app)).json["attributes"] as? [String: String] == [:])
        }
    }

    /// Racing writes on the database `marquee serve` uses: each user ends with one writer's values
    /// whole, never a mix, and no write is refused as busy.
    @Test(arguments: TestDatabase.production)
    func racingWritesEachLeaveOneWholeAnswer(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let users = ["ada", "grace", "edsger"]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for user in users {
                    for writer in 0..<8 {
                        group.addTask {
                            let response = try await server.send(.PUT, path(app, user), json: [
                                "attributes": ["first_name": "\(user)-\(writer)", "writer": "\(writer)"]])
                            #expect(response.status == .ok, "\(response.text)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            for user in users {
                let stored = try #require(try await server.send(.GET, path(app, user)).json["attributes"] as? [String: String])
                let writer = try #require(stored["writer"])
                #expect(stored == ["first_name": "\(user)-\(writer)", "writer": writer], "one writer's values, whole")
            }
        }
    }

    @Test func badValuesAreNamedAndStoreNothing() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let long = String(repeating: "x", count: 1_001)
            let refused = try await server.send(.PUT, path(app), raw: #"{"attributes": {"first name": "Ada", "bio": "\#(long)"}}"#)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorFields == ["attributes.bio", "attributes.first name"])
            let many = Dictionary(uniqueKeysWithValues: (0...50).map { ("k\($0)", "v") })
            let tooMany = try await server.send(.PUT, path(app), json: ["attributes": many])
            #expect(tooMany.errorFields == ["attributes"])
            let unreadable = try await server.send(.PUT, path(app), raw: #"{"attributes": {"age": 37}}"#)
            #expect(unreadable.status == .badRequest)
            #expect(try await server.send(.GET, path(app)).json["attributes"] as? [String: String] == [:])
        }
    }

    @Test func pingsCarryThemToVerifiedUsersOnlyAndAChangeIsNeverUnchanged() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            try await server.send(.PUT, path(app), raw: #"{"attributes": {"first_name": "Ada"}}"#)
            #expect(try await ping(server, app)["userAttributes"] == nil, "without identity verification a user ID proves nothing")

            let rotated = try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret")
            let secret = try #require(rotated.json["identitySecret"] as? String)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "optional"}"#)
            #expect(try await ping(server, app)["userAttributes"] == nil, "unsigned")
            #expect(try await ping(server, app, signature: IdentityVerificationTests.sign("bob", with: secret))["userAttributes"] == nil)

            let signature = IdentityVerificationTests.sign("ada", with: secret)
            let first = try await ping(server, app, signature: signature)
            #expect(first["userAttributes"] as? [String: String] == ["first_name": "Ada"])
            let fingerprint = try #require(first["fingerprint"] as? String)
            #expect(try await ping(server, app, signature: signature, fingerprint: fingerprint)["unchanged"] as? Bool == true)

            try await server.send(.PUT, path(app), raw: #"{"attributes": {"first_name": "Grace"}}"#)
            let changed = try await ping(server, app, signature: signature, fingerprint: fingerprint)
            #expect(changed["unchanged"] == nil, "new values are a new answer")
            #expect(changed["userAttributes"] as? [String: String] == ["first_name": "Grace"])
        }
    }

    @Test func erasingTheUserRemovesThem() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            try await server.send(.PUT, path(app), raw: #"{"attributes": {"first_name": "Ada"}}"#)
            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            #expect(erased.status == .ok)
            #expect(try await server.send(.GET, path(app)).json["attributes"] as? [String: String] == [:])
        }
    }

    @Test func viewersReadAndOnlyAdministratorsAndTheAppWrite() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            try await server.createAccount("viewer@example.com", role: "viewer")
            let viewer = try await server.signIn("viewer@example.com")
            #expect(try await server.send(.GET, path(app), session: viewer).status == .ok)
            #expect(try await server.send(.PUT, path(app), session: viewer, json: ["attributes": ["a": "b"]]).status == .forbidden)
            let secret = try #require(app.secret)
            #expect(try await server.send(.PUT, path(app), token: secret, json: ["attributes": ["first_name": "Ada"]]).status == .ok,
                    "the app's backend keeps its users' values")
        }
    }
}
