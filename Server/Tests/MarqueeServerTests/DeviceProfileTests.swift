import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// `POST /v1/profile`: a device sets only what its app lets devices set, for its own user, as
/// verified as the app requires.
@Suite("Device profile values", .serialized)
struct DeviceProfileTests {
    private func post(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: ProfileUpdateRequest,
                      signature: String? = nil) async throws -> TestResponse {
        try await server.send(.POST, "/v1/profile", token: nil, subscription: app.subscriptionID, deviceID: "d1",
                              headers: signature.map { [("Marquee-User-Signature", $0)] } ?? [], json: body)
    }

    private func ada(_ attributes: [String: ProfileValue?] = [:], add: [String] = [], remove: [String] = []) -> ProfileUpdateRequest {
        ProfileUpdateRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: "ada")), attributes: attributes,
                             addTags: add, removeTags: remove)
    }

    @Test(arguments: TestDatabase.available)
    func devicesSetOnlyWhatTheAppDeclares(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let patched = try await server.send(.PATCH, "/api/v1/apps/\(app.id)",
                                                raw: #"{"deviceProfile": {"attributes": {"favoriteCategory": "string", "age": "number"}, "tags": ["newsletter"]}}"#)
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID, deviceID: "d1")
                .text.contains("/v1/profile"), "the config names the endpoint")

            #expect(try await post(server, app, ada(["favoriteCategory": .string("shoes"), "age": .number(41)], add: ["newsletter"])).status == .noContent)
            let refused = try await post(server, app, ada(["tier": .string("gold"), "age": .string("old"), "favoriteCategory": nil], add: ["vip"]))
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorFields == ["attributes.age", "attributes.tier", "addTags"])
            let anonymous = try await post(server, app, ProfileUpdateRequest(userIdentifiers: [], attributes: ["age": .number(1)]))
            #expect(anonymous.status == .forbidden)

            let profile = try await server.send(.GET, "/api/v1/apps/\(app.id)/users/ada/profile").decode(ProfileDTO.self)
            #expect(profile.attributes == ["favoriteCategory": .string("shoes"), "age": .number(41)], "the refused change changed nothing")
            #expect(profile.tags == ["newsletter"])
            #expect(try await post(server, app, ada(["age": nil], remove: ["newsletter"])).status == .noContent)
            let after = try await server.send(.GET, "/api/v1/apps/\(app.id)/users/ada/profile").decode(ProfileDTO.self)
            #expect(after.attributes == ["favoriteCategory": .string("shoes")] && after.tags.isEmpty)

            let bad = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"deviceProfile": {"attributes": {"no spaces": "string"}}}"#)
            #expect(bad.errorFields == ["deviceProfile.attributes"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func requiredVerificationNeedsTheUsersOwnSignature(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let secret = try #require(try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret").json["identitySecret"] as? String)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)",
                                  raw: #"{"identityVerification": "required", "deviceProfile": {"tags": ["newsletter"]}}"#)
            #expect(try await post(server, app, ada(add: ["newsletter"])).status == .unauthorized)
            #expect(try await post(server, app, ada(add: ["newsletter"]), signature: IdentityVerificationTests.sign("mallory", with: secret)).status
                    == .unauthorized)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/users/ada/profile").decode(ProfileDTO.self).tags.isEmpty)
            #expect(try await post(server, app, ada(add: ["newsletter"]), signature: IdentityVerificationTests.sign("ada", with: secret)).status
                    == .noContent)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/users/ada/profile").decode(ProfileDTO.self).tags == ["newsletter"])
        }
    }

    private struct ProfileDTO: Decodable {
        var attributes: [String: ProfileValue]
        var tags: [String]
    }
}
