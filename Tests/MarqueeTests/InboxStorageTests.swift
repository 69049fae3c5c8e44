import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// How a user's inbox is kept on the device: the binary layout keeps every field, JSON files
/// from before it still load (and are rewritten), and a file this SDK cannot read is dropped
/// and the inbox synced again from scratch.
@Suite struct InboxStorageTests {
    static let ada = UserIdentity(userID: "ada")

    static func fileURL(in directory: URL) -> URL {
        directory.appendingPathComponent(InboxState.fileName(for: ada.key))
    }

    static func write(_ data: Data, in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: fileURL(in: directory))
    }

    /// A harness for "ada" on `directory`, started, with the stub offering the inbox.
    static func started(on directory: URL) async -> Harness {
        let harness = Harness(directory: directory)
        harness.server.set("ping", .status(200, InboxClientTests.pingOfferingInbox()))
        harness.sdk.registerPreference(TestUser(userID: "ada"))
        await harness.start()
        return harness
    }

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("marquee-tests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func everyFieldSurvivesTheBinaryLayout() throws {
        var state = InboxState(identityKey: Self.ada.key)
        state.syncToken = "token-ü"
        let delivered = Date(timeIntervalSinceReferenceDate: 820_000_000.123_456_789)
        let messages = [
            InboxMessage(id: "plain", content: InboxContent(title: "Hi", body: ""), deliveredAt: delivered),
            InboxMessage(
                id: "full",
                content: InboxContent(
                    title: "Spring 🌸 sale", body: "<p>Up to <b>50 %</b> off</p>", bodyFormat: .html,
                    imageURL: "https://cdn.example.com/a.png", mainAction: InboxAction(.deepLink, url: "myapp://sale"),
                    buttons: [InboxButton(title: "Shop", action: InboxAction(.browser, url: "https://example.com")),
                              InboxButton(title: "Later", action: InboxAction(.openApp))],
                    customData: ["n": .number(-2.5), "flag": .bool(true), "off": .bool(false), "none": .null,
                                 "list": .array([.string("a"), .number(1), .object(["deep": .array([])])])]),
                deliveredAt: delivered.addingTimeInterval(1), expiresAt: delivered.addingTimeInterval(86_400.5), isRead: true),
        ]
        for message in messages { state.messages[message.id] = message }

        let data = state.storedData()
        #expect(InboxState.isCurrentLayout(data))
        #expect(try InboxState(storedData: data) == state)
        #expect(try InboxState(storedData: InboxState(identityKey: "u:|t:").storedData()) == InboxState(identityKey: "u:|t:"))
    }

    @Test func aDamagedFileIsRefused() throws {
        var state = InboxState(identityKey: Self.ada.key)
        state.messages["m"] = InboxMessage(id: "m", content: InboxContent(title: "Hello", body: "Body"), deliveredAt: Date())
        let data = state.storedData()
        for cut in [5, data.count / 2, data.count - 1] {
            #expect(throws: BinaryFormatError.self) { try InboxState(storedData: data.prefix(cut)) }
        }
        #expect(throws: BinaryFormatError.self) { try InboxState(storedData: data + Data([0])) }
    }

    @Test func anInboxSavedAsJSONBeforeTheBinaryLayoutStillLoadsAndIsRewritten() async throws {
        // As InboxState's Codable conformance wrote it: messages keyed by id, ISO 8601 dates.
        let legacy = #"""
        {"identityKey":"u:ada|t:","messages":{
          "m1":{"content":{"body":"It arrives on Friday.","bodyFormat":"plain","buttons":[],"customData":{"orderID":981},
                           "mainAction":{"type":"deepLink","url":"myapp://orders/981"},"title":"Your order shipped"},
                "deliveredAt":"2027-01-15T07:00:00Z","id":"m1","isRead":false},
          "m2":{"content":{"body":"<p>Hi</p>","bodyFormat":"html","buttons":[],"customData":{},"title":"Welcome"},
                "deliveredAt":"2027-01-15T06:00:00.250Z","expiresAt":"2027-03-01T00:00:00Z","id":"m2","isRead":true}},
         "syncToken":"legacy-token"}
        """#
        let directory = Self.directory()
        try Self.write(Data(legacy.utf8), in: directory)

        let first = await Self.started(on: directory)
        let messages = await first.sdk.inbox.messages
        #expect(messages.map(\.id) == ["m1", "m2"])
        #expect(messages.first?.content.customData == ["orderID": .number(981)])
        #expect(messages.last?.content.bodyFormat == .html && messages.last?.isRead == true)
        #expect(messages.last?.deliveredAt == MarqueeJSON.parseDate("2027-01-15T06:00:00.250Z"))
        #expect(first.errors.errors.isEmpty)
        let rewritten = try Data(contentsOf: Self.fileURL(in: directory))
        #expect(InboxState.isCurrentLayout(rewritten), "rewritten in the binary layout once read")

        let second = await Self.started(on: directory)
        #expect(await second.sdk.inbox.messages == messages)
        second.server.queue("sync", InboxClientTests.page([], token: "next"))
        _ = try await second.sdk.inbox.fetch()
        #expect(InboxClientTests.syncBodies(second.server).map(\.syncToken) == ["legacy-token"], "the saved token is kept")
    }

    @Test func aFileThisSDKCannotReadIsDroppedAndTheInboxSyncsAgainInFull() async throws {
        let directory = Self.directory()
        // The magic bytes and a layout number from a later SDK.
        try Self.write(Data("MQIN".utf8) + Data([9, 1, 2, 3]), in: directory)

        let harness = await Self.started(on: directory)
        #expect(await harness.sdk.inbox.messages.isEmpty)
        #expect(harness.errors.errors.contains { if case .storageReset = $0 { true } else { false } })
        harness.server.queue("sync", InboxClientTests.page([InboxClientTests.message("a")], token: "t1", full: true))
        #expect(try await harness.sdk.inbox.fetch().map(\.id) == ["a"])
        #expect(InboxClientTests.syncBodies(harness.server).map(\.syncToken) == [nil], "a full sync, without a token")
        #expect(InboxState.isCurrentLayout(try Data(contentsOf: Self.fileURL(in: directory))))
    }
}
