import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// Profile values set on the device: sent for the current user through the outbox, merged while
/// they wait, kept across a restart, refused at once when anonymous or badly named.
@MainActor
@Suite struct ProfileUpdateTests {
    static let config = Data("""
        {"data":{"rolloutPercentage":100,"endpoints":{"ping":"https://marquee.test/v1/ping",
        "impression":"https://marquee.test/v1/impression","displayPermission":"https://marquee.test/v1/display_permission",
        "profile":"https://marquee.test/v1/profile"}}}
        """.utf8)

    private func harness(directory: URL? = nil, server: StubTransport = StubTransport()) -> Harness {
        let harness = Harness(directory: directory, server: server)
        harness.server.set("config", .status(200, Self.config))
        return harness
    }

    private func sent(_ harness: Harness) throws -> [ProfileUpdateRequest] {
        try harness.server.requests(to: "profile").compactMap(\.body).map { try JSONDecoder().decode(ProfileUpdateRequest.self, from: $0) }
    }

    @Test func changesMadeOfflineMergeAndArriveOnceInOrder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-profile-\(UUID().uuidString)")
        let offline = harness(directory: directory)
        offline.server.set("profile", .failure)
        offline.sdk.registerPreference(TestUser(userID: "ada"))
        await offline.start()
        offline.sdk.setAttributes(["favoriteCategory": .string("hats"), "age": .number(41)])
        offline.sdk.addTags(["newsletter", "beta"])
        offline.sdk.setAttributes(["favoriteCategory": .string("shoes"), "age": nil])
        offline.sdk.removeTags(["beta"])
        await offline.sdk.waitUntilIdle()
        #expect(try sent(offline).count >= 1, "each change was tried at once")

        // The app is opened again, online: one request carries the four calls, later values winning.
        let server = StubTransport()
        let online = harness(directory: directory, server: server)
        server.set("config", .status(200, Self.config))
        server.set("profile", .status(204, Data()))
        online.sdk.registerPreference(TestUser(userID: "ada"))
        await online.start()
        // The change waits out the backoff its failed try earned, then goes.
        await online.advance(60)
        let requests = try sent(online)
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.userIdentifiers == UserIdentifierDTO.list(for: UserIdentity(userID: "ada")))
        let expected: [String: ProfileValue?] = ["favoriteCategory": .string("shoes"), "age": nil]
        #expect(request.attributes == expected)
        #expect(request.addTags == ["newsletter"])
        #expect(request.removeTags == ["beta"])
        #expect(String(decoding: try #require(server.requests(to: "profile").first?.body), as: UTF8.self).contains(#""age":null"#),
                "a removal is sent as null")
        await online.advance(3_600)
        #expect(try sent(online).count == 1, "nothing is sent twice")
    }

    @Test func anAnonymousUserOrABadNameIsReportedAndNothingSent() async throws {
        let harness = harness()
        harness.server.set("profile", .status(204, Data()))
        await harness.start()
        harness.sdk.setAttributes(["tier": .string("gold")])
        harness.sdk.registerPreference(TestUser(userID: "ada"))
        harness.sdk.addTags(["no spaces allowed"])
        await harness.sdk.waitUntilIdle()
        #expect(try sent(harness).isEmpty)
        #expect(harness.errors.errors.map(\.description) == [
            "Marquee: invalid user info: profile values belong to an identified user: register a user ID first",
            "Marquee: invalid user info: no spaces allowed: \(ProfileName.rule)",
        ])
    }

    @Test func aRefusedChangeIsReportedAndDropped() async throws {
        let harness = harness()
        harness.server.set("profile", .status(422, Data(#"{"error":{"code":"validation_failed","message":"1 field is invalid"}}"#.utf8)))
        harness.sdk.registerPreference(TestUser(userID: "ada"))
        await harness.start()
        harness.sdk.setAttributes(["tier": .string("gold")])
        await harness.advance(3_600)
        #expect(try sent(harness).count == 1, "a refusal is not retried")
        #expect(harness.errors.errors.contains { if case .httpStatus(let endpoint, 422) = $0 { endpoint == "profile" } else { false } })
    }
}
