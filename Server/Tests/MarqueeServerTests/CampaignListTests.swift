import CompressNIO
import Crypto
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import NIOCore
import Testing

/// The campaign list by reference: a Marquee client that declares `campaign.list` is sent the
/// digest of its list, and `GET /v1/catalog/{digest}` answers the list, the same bytes a ping
/// would have held, with a policy that lets any HTTP cache keep it.
// Serialized: each test runs a server with its own PostgreSQL pool.
@Suite("Campaign lists by digest", .serialized)
struct CampaignListTests {
    private func ping(_ server: TestServer, _ app: Fixtures.CreatedApp, user: String,
                      capabilities: [Capability] = Capability.all) async throws -> TestResponse {
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d-\(user)",
                                             json: Fixtures.pingBody(userID: user, capabilities: capabilities))
        try #require(response.status == .ok, "\(response.text)")
        return response
    }

    private func read(_ server: TestServer, _ reference: CampaignListReference, gzip: Bool = true,
                      headers: [(String, String)] = []) async throws -> TestResponse {
        let path = try #require(URL(string: reference.url)?.path)
        return try await server.send(.GET, path, token: nil, headers: (gzip ? [("Accept-Encoding", "gzip")] : []) + headers)
    }

    private func unzipped(_ response: TestResponse) throws -> Data {
        guard response.headers.first(name: "Content-Encoding") == "gzip" else { return response.body }
        var buffer = ByteBuffer(data: response.body)
        return Data(buffer: try buffer.decompress(with: .gzip()))
    }

    @Test(arguments: TestDatabase.available)
    func aListIsNamedByItsDigestAndReadAsThePingWouldHaveHeldIt(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            for name in ["Spring sale", "Summer sale"] { _ = try await server.createCampaign(Fixtures.modal(name), in: app) }
            let answer = try await ping(server, app, user: "ada").decode(PingResponse.self)
            #expect(answer.data.isEmpty, "the list is sent by reference")
            let reference = try #require(answer.marquee?.list)
            #expect(reference.url.hasSuffix("/v1/catalog/\(reference.digest)"))
            let inline = try await ping(server, app, user: "ada", capabilities: Capability.all.filter { $0 != .campaignLists })
            let data = try #require(try JSONSerialization.jsonObject(with: inline.body) as? [String: Any])["data"]

            let zipped = try await read(server, reference)
            #expect(zipped.status == .ok && zipped.headers.first(name: "Content-Encoding") == "gzip")
            #expect(zipped.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
            #expect(zipped.headers.first(name: "ETag") == "\"\(reference.digest)\"")
            #expect(zipped.headers.first(name: "Vary") == "Accept-Encoding")
            let content = try unzipped(zipped)
            #expect(SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined() == reference.digest,
                    "the digest is the content's")
            let listed = try #require(try JSONSerialization.jsonObject(with: content) as? [String: Any])["data"]
            #expect(NSArray(array: listed as? [Any] ?? []) == NSArray(array: data as? [Any] ?? []), "the ping's own list")
            #expect(try await read(server, reference, gzip: false).body == content, "unzipped for a client without gzip")
            let decoded = try MarqueeJSON.decoder().decode(CampaignListContent.self, from: content)
            #expect(decoded.campaigns.map(\.name) == ["Spring sale", "Summer sale"] && decoded.skipped.isEmpty)

            let again = try await read(server, reference, headers: [("If-None-Match", "\"\(reference.digest)\"")])
            #expect(again.status == .notModified && again.body.isEmpty)
            #expect(try await ping(server, app, user: "bob").decode(PingResponse.self).marquee?.list == reference,
                    "another user sent the same campaigns is sent the same list")

            // Another instance, or this one once the list has left memory, reads it from the database.
            server.app.marquee.catalog.pingData.remove(appID: app.id)
            #expect(try unzipped(try await read(server, reference)) == content)

            for path in ["/v1/catalog/\(String(repeating: "0", count: 64))", "/v1/catalog/not-a-digest"] {
                let missing = try await server.send(.GET, path, token: nil, headers: [("If-None-Match", "*")])
                #expect(missing.status == .notFound && missing.headers.first(name: "Cache-Control") == "private, no-store", "\(path)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCatalogChangeNamesANewListAndTheOldOneGoesAnHourLater(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Spring sale"), in: app)
            let old = try #require(try await ping(server, app, user: "ada").decode(PingResponse.self).marquee?.list)
            _ = try await server.createCampaign(Fixtures.modal("Summer sale"), in: app)
            let new = try #require(try await ping(server, app, user: "ada").decode(PingResponse.self).marquee?.list)
            #expect(new.digest != old.digest)
            #expect(try await read(server, old).status == .ok, "a device that was just sent the old list can still read it")

            let sql = try server.app.db.sql()
            #expect(try await CampaignListStore.prune(before: server.clock.nowMillis - CampaignListStore.keptAfterReplaced, on: sql) == 0)
            server.clock.advance(by: 2 * 3_600)
            #expect(try await CampaignListStore.prune(before: server.clock.nowMillis - CampaignListStore.keptAfterReplaced, on: sql) == 1)
            server.app.marquee.catalog.pingData.remove(appID: app.id)
            #expect(try await read(server, old).status == .notFound, "the replaced list is gone")
            #expect(try await read(server, new).status == .ok, "the current list stays, however old")
        }
    }
}
