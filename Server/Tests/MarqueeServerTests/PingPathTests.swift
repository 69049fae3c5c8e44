import CompressNIO
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import NIOCore
import Testing

/// The ping path serves pre-encoded campaigns, answers an unchanged list in a few bytes, shares
/// catalog rebuilds between concurrent requests, and compresses what is worth compressing.
@Suite("Ping path")
struct PingPathTests {
    private func pingBody(user: String? = nil, fingerprint: String? = nil) -> PingRequest {
        var body = Fixtures.pingBody(userID: user, capabilities: Capability.allInline)
        body.marqueeFingerprint = fingerprint
        return body
    }

    private func rawPing(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: PingRequest,
                         headers: [(String, String)] = []) async throws -> TestResponse {
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "device-1",
                                             headers: headers, json: body)
        #expect(response.status == .ok, "\(response.text)")
        return response
    }

    @Test(arguments: TestDatabase.available)
    func theAssembledBodyIsWhatEncodingTheResponseGives(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            for name in ["One", "Two", "Three"] { _ = try await server.createCampaign(Fixtures.modal(name), in: app) }
            for body in [Fixtures.pingBody(), pingBody()] {
                let response = try await rawPing(server, app, body)
                let decoded = try response.decode(PingResponse.self)
                #expect(decoded.data.count == 3)
                #expect(try MarqueeJSON.encoder().encode(decoded) == response.body)
            }
            // So is the unchanged answer, which is written without the encoder.
            let fingerprint = try await rawPing(server, app, pingBody()).decode(PingResponse.self).marquee?.fingerprint
            let unchanged = try await rawPing(server, app, pingBody(fingerprint: fingerprint))
            let decoded = try unchanged.decode(PingResponse.self)
            #expect(decoded.marquee?.unchanged == true)
            #expect(try MarqueeJSON.encoder().encode(decoded) == unchanged.body)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anUnchangedListIsAnsweredInAFewBytes(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let everyone = try await server.createCampaign(Fixtures.modal("Everyone"), in: app)
            var vip = Fixtures.modal("VIP")
            vip.targeting = Targeting(userIDs: ["alice"])
            _ = try await server.createCampaign(vip, in: app)

            let first = try await rawPing(server, app, pingBody()).decode(PingResponse.self)
            let fingerprint = try #require(first.marquee?.fingerprint)
            #expect(first.data.count == 1)
            #expect(first.marquee?.unchanged == nil)

            let again = try await rawPing(server, app, pingBody(fingerprint: fingerprint))
            let unchanged = try again.decode(PingResponse.self)
            #expect(unchanged.marquee?.unchanged == true)
            #expect(unchanged.data.isEmpty)
            #expect(unchanged.marquee?.fingerprint == fingerprint)
            #expect(again.body.count < 200, "an unchanged answer is \(again.body.count) bytes")

            // Another user with the same fingerprint sees a different list, so gets it in full.
            let alice = try await rawPing(server, app, pingBody(user: "alice", fingerprint: fingerprint)).decode(PingResponse.self)
            #expect(alice.marquee?.unchanged == nil)
            #expect(alice.data.count == 2)

            // A change to the campaigns changes the list.
            let paused = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(everyone)/status", json: ["status": "paused"])
            #expect(paused.status == .ok)
            let afterPause = try await rawPing(server, app, pingBody(fingerprint: fingerprint)).decode(PingResponse.self)
            #expect(afterPause.marquee?.unchanged == nil)
            #expect(afterPause.data.isEmpty)
            #expect(afterPause.marquee?.fingerprint != fingerprint)

            // So does a change to the frequency caps, which travel with the list.
            let emptyList = try #require(afterPause.marquee?.fingerprint)
            let capped = try await server.send(.PATCH, "/api/v1/apps/\(app.id)",
                                               json: ["frequencyCaps": [FrequencyCap(id: "daily", limit: 1, periodSeconds: 86_400)]])
            #expect(capped.status == .ok, "\(capped.text)")
            let afterCaps = try await rawPing(server, app, pingBody(fingerprint: emptyList)).decode(PingResponse.self)
            #expect(afterCaps.marquee?.unchanged == nil)
            #expect(afterCaps.marquee?.frequencyCaps.map(\.id) == ["daily"])
        }
    }

    @Test func concurrentPingsAfterAChangeShareOneRebuild() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            for index in 0..<20 { _ = try await server.createCampaign(Fixtures.modal("Campaign \(index)"), in: app) }
            let before = await server.app.marquee.catalog.rebuildCount
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<16 { group.addTask { try await server.ping(app).campaigns.count } }
                for try await count in group { #expect(count == 20) }
            }
            #expect(await server.app.marquee.catalog.rebuildCount - before == 1)
        }
    }

    @Test func largePingsAreGzippedForClientsThatAcceptIt() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            for index in 0..<10 { _ = try await server.createCampaign(Fixtures.modal("Campaign \(index)"), in: app) }
            let plain = try await rawPing(server, app, Fixtures.pingBody())
            #expect(plain.headers.first(name: .contentEncoding) == nil)

            let zipped = try await rawPing(server, app, Fixtures.pingBody(), headers: [("Accept-Encoding", "br;q=1, gzip;q=0.8")])
            #expect(zipped.headers.first(name: .contentEncoding) == "gzip")
            #expect(zipped.headers.first(name: .vary) == "Accept-Encoding")
            #expect(zipped.headers.first(name: .cacheControl) == "private, no-store")
            #expect(zipped.body.count * 3 < plain.body.count, "\(zipped.body.count) of \(plain.body.count) bytes")
            var buffer = ByteBuffer(data: zipped.body)
            let unzipped = try buffer.decompress(with: .gzip())
            // The same list; only the clock-dependent number may differ.
            #expect(try MarqueeJSON.decoder().decode(PingResponse.self, from: Data(buffer: unzipped)).data
                    == plain.decode(PingResponse.self).data)

            let refused = try await rawPing(server, app, Fixtures.pingBody(), headers: [("Accept-Encoding", "gzip;q=0, identity")])
            #expect(refused.headers.first(name: .contentEncoding) == nil)
        }
    }

    @Test func acceptEncodingIsReadAsHTTPDefinesIt() {
        #expect(GzipMiddleware.accepts(["gzip"]))
        #expect(GzipMiddleware.accepts(["deflate, GZIP;q=0.5"]))
        #expect(GzipMiddleware.accepts(["*"]))
        #expect(!GzipMiddleware.accepts(["gzip;q=0"]))
        #expect(!GzipMiddleware.accepts(["gzip; q=0.000"]))
        #expect(!GzipMiddleware.accepts(["br, deflate"]))
        #expect(!GzipMiddleware.accepts([]))
    }
}
