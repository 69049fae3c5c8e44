import CompressNIO
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import NIOCore
import Testing

/// A ping answered as devices ask for it (gzip) is the plain answer compressed, byte for byte,
/// whoever asks and whatever they declare, before and after the catalog changes; and a list
/// already compressed is looked up, not compressed again.
@Suite("Compressed pings")
struct CompressedPingTests {
    /// Who asks: users in and out of lists, experiment arms and the testers list, each as a base
    /// client, a Marquee client and a client that declares everything, with and without push primers.
    private static let askers: [PingRequest] = {
        var bodies: [PingRequest] = []
        for user in [nil, "alice", "bob", "qa-ada", "carol"] {
            for capabilities in [nil, [Capability.campaignExtension], Capability.allInline] {
                for pushPrimer in [true, false] {
                    var body = Fixtures.pingBody(userID: user, capabilities: capabilities)
                    if !pushPrimer { body.supportedCampaignTypes = [.regular] }
                    bodies.append(body)
                }
            }
        }
        return bodies
    }()

    /// An app whose campaigns reach different askers differently.
    private func seed(_ server: TestServer, _ app: Fixtures.CreatedApp) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<12 {
            var campaign = Fixtures.modal("Offer \(index)")
            campaign.message.title = "Hello %%first_name|friend%%, offer \(index)"
            campaign.message.body = String(repeating: "Everything in the spring collection. ", count: 3)
            ids.append(try await server.createCampaign(campaign, in: app))
        }
        var listed = Fixtures.modal("For Alice and Bob")
        listed.targeting = Targeting(userIDs: ["alice", "bob"])
        ids.append(try await server.createCampaign(listed, in: app))
        ids.append(try await server.createCampaign(ExperimentAPITests.experiment("Experiment"), in: app))
        var test = Fixtures.modal("Just for QA")
        test.isTest = true
        ids.append(try await server.createCampaign(test, in: app))
        var header = Fixtures.modal("With a header")
        header.message.header = "New"
        ids.append(try await server.createCampaign(header, in: app))
        var primer = Fixtures.modal("Push primer")
        primer.message.buttons = [MessageButton(id: "allow", text: "Allow", action: MessageAction(.pushPrimer))]
        ids.append(try await server.createCampaign(primer, in: app))
        let tester = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", json: ["testUserIDs": ["qa-ada"]])
        #expect(tester.status == .ok, "\(tester.text)")
        return ids
    }

    private func ping(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: PingRequest, gzip: Bool) async throws -> TestResponse {
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "device-1",
                                             headers: gzip ? [("Accept-Encoding", "gzip, deflate, br")] : [], json: body)
        #expect(response.status == .ok, "\(response.text)")
        return response
    }

    /// Every asker's gzip answer, twice, against the plain one; the plain bodies, by asker.
    private func compareEveryAsker(_ server: TestServer, _ app: Fixtures.CreatedApp) async throws -> [Data] {
        var plainBodies: [Data] = []
        for body in Self.askers {
            // Past the device's rate limit window; the three answers share this instant.
            server.clock.advance(by: 60)
            let plain = try await ping(server, app, body, gzip: false)
            #expect(plain.headers.first(name: .contentEncoding) == nil)
            for _ in 0..<2 {
                let zipped = try await ping(server, app, body, gzip: true)
                #expect(zipped.headers.first(name: .contentEncoding) == "gzip")
                #expect(zipped.headers.first(name: .vary) == "Accept-Encoding")
                var buffer = ByteBuffer(data: zipped.body)
                let unzipped = Data(buffer: try buffer.decompress(with: .gzip()))
                #expect(unzipped == plain.body, "\(body.userIdentifiers), \(body.marqueeCapabilities ?? [])")
            }
            plainBodies.append(plain.body)
        }
        return plainBodies
    }

    @Test(arguments: TestDatabase.available)
    func everyCompressedAnswerIsThePlainAnswer(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let ids = try await seed(server, app)
            let cache = await server.app.marquee.catalog.pingData
            let before = try await compareEveryAsker(server, app)
            #expect(Set(before).count > 10, "the askers are sent different answers")
            let afterFirstRound = cache.statistics
            // Each asker's second request found the list its first one compressed.
            #expect(afterFirstRound.hits >= Self.askers.count)
            #expect(afterFirstRound.misses <= Set(before).count)

            // The catalog changes: a campaign is edited, another paused. No old list is sent.
            var edited = Fixtures.modal("Offer 0")
            edited.message.title = "Changed offer"
            edited.message.body = String(repeating: "Everything in the spring collection. ", count: 3)
            let put = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(ids[0])", json: edited)
            #expect(put.status == .ok, "\(put.text)")
            let paused = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(ids[1])/status", json: ["status": "paused"])
            #expect(paused.status == .ok)
            let after = try await compareEveryAsker(server, app)
            for body in after {
                let text = String(decoding: body, as: UTF8.self)
                #expect(text.contains("Changed offer"))
                #expect(!text.contains("offer 1\""))
            }
        }
    }

    @Test func smallAnswersAreSentPlainAsTheMiddlewareWould() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Only one"), in: app)
            let zipped = try await ping(server, app, Fixtures.pingBody(), gzip: true)
            #expect(zipped.headers.first(name: .contentEncoding) == nil)
            #expect(zipped.body.count < GzipMiddleware.minimumBytes)
            #expect(try zipped.decode(PingResponse.self).data.count == 1)
        }
    }
}
