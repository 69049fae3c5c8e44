import Foundation
import MarqueeModel
import Testing

/// What the server keeps about a user for targeting: typed attributes and tags, changed in part,
/// within limits, all of concurrent changes kept, and gone when the user is erased.
@Suite("User profiles")
struct UserProfileTests {
    private func path(_ app: Fixtures.CreatedApp, _ user: String = "ada") -> String {
        "/api/v1/apps/\(app.id)/users/\(user)/profile"
    }

    @Test(arguments: TestDatabase.available)
    func typedAttributesAndTagsAreKeptAsSet(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let first = try await server.send(.PATCH, path(app), raw: """
                {"attributes": {"tier": "gold", "points": 1200.5, "vip": true, "interests": ["shoes", "bags"],
                                "signedUp": {"date": "2026-01-31T09:00:00Z"}},
                 "addTags": ["beta", "newsletter"]}
                """)
            #expect(first.status == .ok, "\(first.text)")
            let second = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"vip": null, "points": 3}, "addTags": ["early"], "removeTags": ["newsletter"]}"#)
            #expect(second.status == .ok, "\(second.text)")

            let read = try await server.send(.GET, path(app))
            #expect(read.status == .ok)
            struct Resource: Decodable { var userID: String; var attributes: [String: ProfileValue]; var tags: [String] }
            let profile = try read.decode(Resource.self)
            #expect(profile.userID == "ada")
            #expect(profile.attributes == [
                "tier": .string("gold"), "points": .number(3), "interests": .list(["shoes", "bags"]),
                "signedUp": .date(Date(timeIntervalSince1970: 1_769_850_000)),
            ])
            #expect(profile.tags == ["beta", "early"])
            let nobody = try await server.send(.GET, path(app, "nobody")).decode(Resource.self)
            #expect(nobody.attributes.isEmpty && nobody.tags.isEmpty)
        }
    }

    @Test func changesBeyondTheLimitsAreRefusedAndChangeNothing() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            _ = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"tier": "gold"}}"#)
            let many = (0..<100).map { "\"a\($0)\": \($0)" }.joined(separator: ",")
            let tooMany = try await server.send(.PATCH, path(app), raw: "{\"attributes\": {\(many)}}")
            #expect(tooMany.status == .unprocessableEntity, "a hundred more make 101")
            #expect(tooMany.errorFields == ["attributes"])
            let badName = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"no spaces": 1}, "addTags": ["ok"]}"#)
            #expect(badName.errorFields == ["attributes.no spaces"])
            let badDate = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"when": {"date": "yesterday"}}}"#)
            #expect(badDate.status == .badRequest)
            let long = String(repeating: "x", count: 1_001)
            let tooLong = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"bio": "\#(long)", "list": ["a"]}}"#)
            #expect(tooLong.errorFields == ["attributes.bio"])
            let badTag = try await server.send(.PATCH, path(app), raw: #"{"addTags": ["with space"]}"#)
            #expect(badTag.errorFields == ["addTags"])
            // Names are checked where they are removed too.
            let badRemovals = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"bad name": null}, "removeTags": [""]}"#)
            #expect(badRemovals.errorFields == ["attributes.bad name", "removeTags"])
            let kept = try await server.send(.GET, path(app)).json
            #expect((kept["attributes"] as? [String: Any])?.keys.sorted() == ["tier"])
            #expect((kept["tags"] as? [String]) == [])
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentChangesToOneUserAllLand(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let target = path(app, "busy")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let response = try await server.send(.PATCH, target, raw: #"{"attributes": {"a\#(index)": \#(index)}, "addTags": ["t\#(index)"]}"#)
                        #expect(response.status == .ok, "\(response.text)")
                    }
                }
                try await group.waitForAll()
            }
            let profile = try await server.send(.GET, target).json
            #expect((profile["attributes"] as? [String: Any])?.count == 20)
            #expect((profile["tags"] as? [String])?.count == 20)
        }
    }

    @Test func erasingTheUserRemovesTheProfile() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            _ = try await server.send(.PATCH, path(app), raw: #"{"attributes": {"tier": "gold"}, "addTags": ["beta"]}"#)
            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            #expect(erased.status == .ok, "\(erased.text)")
            let profile = try await server.send(.GET, path(app)).json
            #expect((profile["attributes"] as? [String: Any])?.isEmpty == true)
            #expect((profile["tags"] as? [String]) == [])
        }
    }

    @Test func viewersReadAndOnlyAdministratorsAndTheAppsBackendWrite() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            try await server.createAccount("viewer@example.com", role: "viewer")
            let viewer = try await server.signIn("viewer@example.com")
            #expect(try await server.send(.GET, path(app), session: viewer).status == .ok)
            #expect(try await server.send(.PATCH, path(app), session: viewer, json: ["addTags": ["x"]]).status == .forbidden)
            let secret = try #require(app.secret)
            #expect(try await server.send(.PATCH, path(app), token: secret, raw: #"{"attributes": {"tier": "gold"}}"#).status == .ok,
                    "the app's backend keeps its users' profiles with the app secret")
        }
    }
}
