import Crypto
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// Pairings through their routes: who may read them, how fast codes may be guessed, what a debug
/// line may hold, and what the page a QR code opens may load.
@Suite("Pairing routes")
struct PairingAPITests {
    private struct Made: Decodable {
        var id: String
        var code: String?
    }

    /// A pairing made with the admin token, and its code.
    private func makePairing(_ server: TestServer, _ app: Fixtures.CreatedApp) async throws -> (id: String, code: String) {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/pairings")
        try #require(response.status == .created, "\(response.text)")
        let made = try response.decode(Made.self)
        return (made.id, try #require(made.code))
    }

    private func pair(_ server: TestServer, _ app: Fixtures.CreatedApp, code: String, device: String = "phone") async throws -> TestResponse {
        try await server.send(.POST, "/v1/pair", token: nil, subscription: app.subscriptionID, deviceID: device, json: ["code": code])
    }

    /// A device ID and its debug lines are for those who work on campaigns: viewers read neither.
    @Test func viewersReadNoPairingAndEditorsDo() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let pairing = try await makePairing(server, app)
            #expect(try await pair(server, app, code: pairing.code).status == .ok)
            try await server.createAccount("viewer@example.com", role: "viewer")
            try await server.createAccount("editor@example.com", role: "editor")
            let viewer = try await server.signIn("viewer@example.com")
            let editor = try await server.signIn("editor@example.com")
            let reads = ["/api/v1/apps/\(app.id)/pairings", "/api/v1/apps/\(app.id)/pairings/\(pairing.id)",
                         "/api/v1/apps/\(app.id)/pairings/\(pairing.id)/debug?after=0"]
            for path in reads {
                let refused = try await server.send(.GET, path, session: viewer)
                #expect(refused.status == .forbidden && refused.errorCode == "forbidden", "\(path): \(refused.status) \(refused.text)")
                #expect(!refused.text.contains("phone"), "the refusal names no device")
                let read = try await server.send(.GET, path, session: editor)
                #expect(read.status == .ok, "\(path): \(read.status) \(read.text)")
            }
            #expect(try await server.send(.GET, reads[1], session: editor).text.contains("\"deviceId\":\"phone\""))
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/pairings", session: viewer).status == .forbidden)
        }
    }

    /// Ten wrong codes a minute per address, as the docs say: the tenth is still answered as a
    /// wrong code, the eleventh is limited, and the limit comes back at ten a minute.
    @Test func anAddressTriesTenWrongCodesAMinute() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let pairing = try await makePairing(server, app)
            let wrong = pairing.code == "AAAAAA" ? "BBBBBB" : "AAAAAA"
            for attempt in 1...PairingCode.attemptsPerMinute {
                let answer = try await pair(server, app, code: wrong, device: "guesser")
                #expect(answer.status == .notFound && answer.errorCode == "pairing_code_invalid", "attempt \(attempt): \(answer.text)")
            }
            let limited = try await pair(server, app, code: wrong, device: "guesser")
            #expect(limited.status == .tooManyRequests && limited.errorCode == "rate_limited", "\(limited.text)")
            #expect(limited.headers.first(name: "Retry-After") == "6")
            // Even the right code waits: the limit is the address's, not the code's.
            #expect(try await pair(server, app, code: pairing.code).status == .tooManyRequests)

            server.clock.advance(by: 6)
            #expect(try await pair(server, app, code: wrong, device: "guesser").status == .notFound, "one more after six seconds")
            #expect(try await pair(server, app, code: wrong, device: "guesser").status == .tooManyRequests)
            server.clock.advance(by: 6)
            #expect(try await pair(server, app, code: pairing.code).status == .ok, "a right code is not counted")
        }
    }

    private struct DebugState: Decodable {
        var session: String?
    }

    private struct DebugLog: Decodable {
        struct Entry: Decodable {
            var seq: Int
            var line: DebugLine
        }

        var lines: [Entry]
    }

    /// A debug line longer than a line may be is refused, naming the field and the limit, and
    /// nothing of its batch is kept; one at the limit is kept whole.
    @Test func anOversizeDebugLineIsRefusedNotCut() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let pairing = try await makePairing(server, app)
            #expect(try await pair(server, app, code: pairing.code).status == .ok)
            let debugPath = "/api/v1/apps/\(app.id)/pairings/\(pairing.id)/debug"
            let session = try #require(try await server.send(.PUT, debugPath, json: ["active": true]).decode(DebugState.self).session)

            func post(_ lines: [DebugLine]) async throws -> TestResponse {
                try await server.send(.POST, "/v1/debug", token: nil, subscription: app.subscriptionID, deviceID: "phone",
                                      json: DebugLogRequest(session: session, lines: lines))
            }
            var long = DebugLine(time: 1, kind: .event, text: "")
            long.text = String(repeating: "é", count: DebugLine.maxTextBytes / 2) + "x"   // one byte over
            let fits = DebugLine(time: 1, kind: .event, text: String(repeating: "é", count: DebugLine.maxTextBytes / 2))
            let refused = try await post([fits, long])
            #expect(refused.status == .badRequest && refused.errorCode == "invalid_body", "\(refused.text)")
            #expect(refused.text.contains("lines[1].text") && refused.text.contains("\(DebugLine.maxTextBytes) bytes"), "\(refused.text)")
            #expect(refused.errorFields == ["lines[1].text"])
            var named = DebugLine(time: 1, kind: .notShown, text: "capped")
            named.campaignName = String(repeating: "n", count: DebugLine.maxCampaignNameBytes + 1)
            #expect(try await post([named]).text.contains("lines[0].campaignName"))
            #expect(try await server.send(.GET, debugPath + "?after=0").decode(DebugLog.self).lines.isEmpty, "nothing of a refused batch is kept")

            #expect(try await post([fits]).status == .noContent)
            let kept = try await server.send(.GET, debugPath + "?after=0").decode(DebugLog.self).lines.map(\.line.text)
            #expect(kept == [fits.text], "kept whole")
        }
    }

    /// A line the SDK makes always fits: its texts are cut at a character boundary.
    @Test func linesMadeOnADeviceFitTheLimits() {
        let line = DebugLine(time: 1, kind: .notShown, campaignID: String(repeating: "i", count: 300),
                             campaignName: String(repeating: "名", count: 100), text: String(repeating: "👍🏽", count: 200))
        #expect(line.oversizeField == nil)
        #expect(line.text.utf8.count <= DebugLine.maxTextBytes && line.text.allSatisfy { $0 == "👍🏽" })
        #expect(line.campaignName?.utf8.count == 198 && line.campaignID?.utf8.count == DebugLine.maxCampaignIDBytes)
        #expect(DebugLine(time: 1, kind: .event, text: "short").text == "short")
    }

    /// The page a QR code opens loads nothing and runs nothing: only its own inline style,
    /// admitted by its hash.
    @Test func thePairingPageHasAStrictContentSecurityPolicy() async throws {
        try await TestServer.with { server in
            for path in ["/pair?code=ABCDEF", "/pair"] {
                let page = try await server.send(.GET, path, token: nil)
                let policy = try #require(page.headers.first(name: "Content-Security-Policy"), "\(path)")
                let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(directives.contains("default-src 'none'"))
                #expect(directives.contains("frame-ancestors 'none'") && directives.contains("base-uri 'none'")
                        && directives.contains("form-action 'none'"))
                #expect(!policy.contains("unsafe-inline") && !policy.contains("script-src"))
                #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff")
                // The hash the policy names is the page's own style, so the page still looks as meant.
                let style = try #require(page.text.range(of: "<style>").flatMap { start in
                    page.text.range(of: "</style>").map { String(page.text[start.upperBound..<$0.lowerBound]) }
                })
                let hash = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
                #expect(directives.contains("style-src 'sha256-\(hash)'"), "\(policy)")
            }
        }
    }
}
