import Crypto
import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// Identity verification: user IDs signed with the app's identity secret (HMAC-SHA256).
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("Identity verification", .serialized)
struct IdentityVerificationTests {
    /// What an app's backend computes: lower-case hex HMAC-SHA256 of the user ID.
    static func sign(_ userID: String, with secret: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(userID.utf8), using: SymmetricKey(data: Data(secret.utf8)))
            .map { String(format: "%02x", $0) }.joined()
    }

    private func rotate(_ server: TestServer, _ app: Fixtures.CreatedApp, grace: Int? = nil) async throws -> String {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret",
                                             raw: grace.map { #"{"graceSeconds": \#($0)}"# })
        #expect(response.status == .ok, "\(response.text)")
        return try #require(response.json["identitySecret"] as? String)
    }

    @Test(arguments: TestDatabase.available)
    func requiredVerificationRefusesUnsignedAndForgedUserIDs(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let needsSecret = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)
            #expect(needsSecret.status == .unprocessableEntity)
            #expect(needsSecret.errorFields == ["identityVerification"])

            let secret = try await rotate(server, app)
            let patched = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)
            #expect(patched.status == .ok)
            #expect(patched.json["identityVerification"] as? String == "required")
            #expect(patched.json["hasIdentitySecret"] as? Bool == true)
            #expect(patched.json["identitySecret"] == nil, "the secret is shown only when made")
            try await server.sendInbox(app, to: ["ada"], title: "Private")

            let unsigned = try await server.inboxSyncResponse(app, user: "ada")
            #expect(unsigned.status == .unauthorized)
            #expect(unsigned.errorCode == "identity_not_verified")
            let forged = try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("bob", with: secret))
            #expect(forged.status == .unauthorized)
            #expect(forged.json["messages"] == nil)
            let wrongKey = try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("ada", with: "guess"))
            #expect(wrongKey.status == .unauthorized)

            let signed = try await server.inboxSync(app, user: "ada", signature: Self.sign("ada", with: secret))
            #expect(signed.messages.map(\.content.title) == ["Private"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func anUnverifiedPingIsAnonymousForTargetingAndTesters(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(testUserIDs: ["ada"]))
            let secret = try await rotate(server, app)
            var targeted = Fixtures.modal("For Ada")
            targeted.targeting = Targeting(userIDs: ["ada"])
            let targetedID = try await server.createCampaign(targeted, in: app)
            var test = Fixtures.modal("Test")
            test.isTest = true
            let testID = try await server.createCampaign(test, in: app)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)

            let body = Fixtures.pingBody(userID: "ada", capabilities: Capability.allInline)
            let unsigned = try await server.ping(app, body)
            #expect(unsigned.campaigns.isEmpty)
            let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID,
                                                 deviceID: "device-1",
                                                 headers: [("Marquee-User-Signature", Self.sign("ada", with: secret))], json: body)
            let signed = try response.decode(LenientPingResponse.self)
            #expect(Set(signed.campaigns.map(\.id)) == [targetedID, testID])
            #expect(signed.marquee?.inbox?.sync.hasSuffix("/v1/inbox/sync") == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theOldSecretWorksUntilItsGracePeriodEnds(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let old = try await rotate(server, app)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "optional"}"#)
            let new = try await rotate(server, app, grace: 600)
            #expect(old != new)

            #expect(try await server.inboxSyncResponse(app, user: "ada").status == .ok, "optional: unsigned is served")
            #expect(try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("ada", with: old)).status == .ok)
            #expect(try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("ada", with: new)).status == .ok)
            #expect(try await server.inboxSyncResponse(app, user: "ada", signature: "00ff").status == .unauthorized,
                    "optional: a wrong signature is refused")
            server.clock.advance(by: 601)
            #expect(try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("ada", with: old)).status == .unauthorized)
            #expect(try await server.inboxSyncResponse(app, user: "ada", signature: Self.sign("ada", with: new)).status == .ok)

            let tooLong = try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret", raw: #"{"graceSeconds": -1}"#)
            #expect(tooLong.status == .unprocessableEntity)
        }
    }
}
