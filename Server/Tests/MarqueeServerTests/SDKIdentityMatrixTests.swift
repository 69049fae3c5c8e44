import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// Every SDK route that names a user follows the app's identity verification the same way:
/// each route × `off`, `optional`, `required` × no, forged and valid signature.
///
/// A user ID is trusted when verification is off, when it is optional and the request carries
/// no signature, or when the signature is valid. Routes that choose what to show (ping, display
/// permission) treat an untrusted user as anonymous; routes that record (impressions, conversions)
/// or use the user's own data (the App Inbox) answer 401 and store nothing.
// Serialized: each test runs a server with its own PostgreSQL pool.
@Suite("SDK identity: every route × verification mode × signature", .serialized)
struct SDKIdentityMatrixTests {
    enum Signature: String, CaseIterable {
        case none, forged, valid
    }

    static func trusted(_ mode: IdentityVerification, _ signature: Signature) -> Bool {
        switch (mode, signature) {
        case (.off, _), (.optional, .none), (_, .valid): true
        case (.optional, .forged), (.required, .none), (.required, .forged): false
        }
    }

    /// The requests of one user, signed as `signature` says.
    struct Caller {
        let server: TestServer
        let app: Fixtures.CreatedApp
        let user: String
        let headers: [(String, String)]

        init(server: TestServer, app: Fixtures.CreatedApp, user: String, signature: Signature, secret: String) {
            self.server = server
            self.app = app
            self.user = user
            switch signature {
            case .none: headers = []
            case .forged: headers = [("Marquee-User-Signature", IdentityVerificationTests.sign("someone-else", with: secret))]
            case .valid: headers = [("Marquee-User-Signature", IdentityVerificationTests.sign(user, with: secret))]
            }
        }

        var identifiers: [UserIdentifierDTO] { [UserIdentifierDTO(id: user, type: .userID)] }

        func post(_ path: String, _ body: some Encodable) async throws -> TestResponse {
            try await server.send(.POST, path, token: nil, subscription: app.subscriptionID, deviceID: "device-\(user)",
                                  headers: headers, json: body)
        }
    }

    private func count(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, _ field: String) async throws -> Int {
        try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json[field] as? Int ?? -1
    }

    @Test(arguments: TestDatabase.available)
    func everyRouteFollowsTheAppsVerification(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let rotated = try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret")
            let secret = try #require(rotated.json["identitySecret"] as? String)
            var forKnownUsers = Fixtures.modal("Known users only")
            forKnownUsers.targeting.audience = .knownUsers
            forKnownUsers.goal = ConversionGoal(event: .purchase, windowHours: 24)
            let campaign = try await server.createCampaign(forKnownUsers, in: app)

            for mode in IdentityVerification.allCases {
                let patched = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "\#(mode.rawValue)"}"#)
                #expect(patched.status == .ok, "\(patched.text)")
                for signature in Signature.allCases {
                    let label = "\(mode.rawValue), \(signature.rawValue) signature"
                    let trusted = Self.trusted(mode, signature)
                    let caller = Caller(server: server, app: app, user: "user-\(mode.rawValue)-\(signature.rawValue)",
                                        signature: signature, secret: secret)
                    let message = try await server.sendInbox(app, to: [caller.user], title: "For \(caller.user)")

                    // No user: the configuration answers every device.
                    let config = try await server.send(.GET, "/v1/config", token: nil, subscription: app.subscriptionID,
                                                       headers: caller.headers)
                    #expect(config.status == .ok, "config, \(label)")

                    // Targeting: an untrusted user is anonymous, so a campaign for known users is not theirs.
                    let ping = try await caller.post("/v1/ping", Fixtures.pingBody(userID: caller.user))
                    #expect(ping.status == .ok, "ping, \(label)")
                    let listed = try ping.decode(LenientPingResponse.self).campaigns.map(\.id)
                    #expect(listed.contains(campaign) == trusted, "ping, \(label)")
                    let permission = try await caller.post("/v1/display_permission", DisplayPermissionRequest(
                        subscriptionId: nil, campaignId: campaign, userIdentifiers: caller.identifiers, platform: 1,
                        appVersion: "1.0", sdkVersion: "1", locale: "en", lastPingInMillis: 0))
                    #expect(permission.status == .ok, "display permission, \(label)")
                    #expect(try permission.decode(DisplayPermissionResponse.self).display == trusted, "display permission, \(label)")

                    // Recording: an untrusted user's impression or conversion is refused and not stored.
                    let impressionsBefore = try await count(server, app, campaign: campaign, "impressions")
                    let impression = try await caller.post("/v1/impression", ImpressionRequest(
                        campaignId: campaign, isTest: false, appVersion: "1.0", sdkVersion: "1",
                        impressions: [ImpressionDTO(type: .impression, timestamp: 1_000)], userIdentifiers: caller.identifiers,
                        batchId: "batch-\(caller.user)"))
                    #expect(impression.status == (trusted ? .ok : .unauthorized), "impression, \(label): \(impression.text)")
                    #expect(try await count(server, app, campaign: campaign, "impressions") == impressionsBefore + (trusted ? 1 : 0),
                            "impression stored, \(label)")
                    let conversionsBefore = try await count(server, app, campaign: campaign, "conversions")
                    let conversion = try await caller.post("/v1/conversion", ConversionRequest(
                        campaignId: campaign, isTest: false, userIdentifiers: caller.identifiers, marqueeVariant: nil,
                        exposedAt: 1_000, convertedAt: 2_000, batchId: "conversion-\(caller.user)"))
                    #expect(conversion.status == (trusted ? .ok : .unauthorized), "conversion, \(label): \(conversion.text)")
                    if !trusted { #expect(conversion.errorCode == "identity_not_verified") }
                    #expect(try await count(server, app, campaign: campaign, "conversions") == conversionsBefore + (trusted ? 1 : 0),
                            "conversion stored, \(label)")

                    // The user's own inbox: refused unless trusted, and nothing changes.
                    let sync = try await caller.post("/v1/inbox/sync", InboxSyncRequest(userIdentifiers: caller.identifiers,
                                                                                         syncToken: nil, limit: nil))
                    #expect(sync.status == (trusted ? .ok : .unauthorized), "inbox sync, \(label)")
                    let update = try await caller.post("/v1/inbox/update", InboxUpdateRequest(
                        userIdentifiers: caller.identifiers, operation: .markRead, messageIDs: [message]))
                    #expect(update.status == (trusted ? .ok : .unauthorized), "inbox update, \(label)")
                    let track = try await caller.post("/v1/inbox/track", InboxTrackRequest(
                        userIdentifiers: caller.identifiers, consent: .granted,
                        events: [InboxTrackingEvent(id: "open-\(caller.user)", messageID: message, interaction: .opened, timestamp: 1)]))
                    #expect(track.status == (trusted ? .ok : .unauthorized), "inbox track, \(label)")
                    let stats = try #require(try await server.inboxMessages(app).first { $0.id == message }).stats
                    #expect(stats.read == (trusted ? 1 : 0) && stats.opened == (trusted ? 1 : 0), "inbox stored, \(label)")
                }
            }
        }
    }

    @Test func anUnsignedConversionCannotTakeAVerifiedUsersPlace() async throws {
        // The attack the matrix rules out, told as a story: with verification required, an
        // unsigned conversion for bob is refused, and bob's own signed conversion is then counted.
        try await TestServer.with { server in
            let app = try await server.createApp()
            let rotated = try await server.send(.POST, "/api/v1/apps/\(app.id)/identity_secret")
            let secret = try #require(rotated.json["identitySecret"] as? String)
            var campaign = Fixtures.modal("With a goal")
            campaign.goal = ConversionGoal(event: .purchase, windowHours: 24)
            let id = try await server.createCampaign(campaign, in: app)
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)

            let body = ConversionRequest(campaignId: id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: "bob", type: .userID)],
                                         marqueeVariant: "control", exposedAt: 1_000, convertedAt: 2_000, batchId: "forged")
            let forged = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID, json: body)
            #expect(forged.status == .unauthorized)
            var real = body
            real.marqueeVariant = nil
            real.batchId = "real"
            let signed = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID,
                                               headers: [("Marquee-User-Signature", IdentityVerificationTests.sign("bob", with: secret))],
                                               json: real)
            #expect(signed.status == .ok)
            #expect(try signed.decode(ConversionReceipt.self).counted)
        }
    }
}
