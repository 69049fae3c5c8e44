import Foundation
@testable import MarqueeServer
import MarqueeModel
import MarqueeWire
import SQLKit
import Testing
import Vapor

/// No device request may make the server store much more than it sent: for every SDK route,
/// the facts stored ÷ bytes sent stay at most 2, and at most 3 with the event log's copy of
/// them (``EventLog``: the stream and webhooks read it, so it keeps what the facts say), with
/// every identifier at its byte limit in 4-byte
/// characters and every field that makes storage grow at its limit. Each case sends many
/// requests, each from a fresh user, ID-tracking identifier and device, without credentials,
/// and compares the growth of a SQLite file with the requests' size on the wire.
@Suite("Storage amplification", .serialized)
struct StorageAmplificationTests {
    /// One kind of request, filled as a device could fill it to cost the most storage.
    enum Case: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case config, ping, pingWithLongAppVersion, displayPermission
        case oneImpression, hundredImpressions, everyImpressionTypeOverManyQuarters
        case conversion, profileTexts, profileLists, profileTags, surveyText, surveyChoices
        case inboxSync, inboxSyncOfTenCampaigns, inboxUpdate, inboxTrackOpens, inboxTrackClicks

        var testDescription: String { rawValue }

        /// Enough requests that whole pages average out: fewer where each request is large.
        var requests: Int {
            switch self {
            case .profileLists, .inboxTrackClicks: 4
            case .profileTexts: 10
            case .inboxTrackOpens: 20
            case .hundredImpressions, .everyImpressionTypeOverManyQuarters, .profileTags, .surveyChoices: 40
            case .surveyText: 100
            case .config, .ping, .pingWithLongAppVersion, .displayPermission, .oneImpression, .conversion,
                 .inboxSync, .inboxSyncOfTenCampaigns, .inboxUpdate: 200
            }
        }
    }

    @Test(arguments: Case.allCases)
    func everySDKRouteStoresAtMostTwiceTheBytesItIsSentAndThriceWithTheEventLog(_ route: Case) async throws {
        try await TestServer.with(.sqliteFile) { server in
            let scenario = try await Scenario(route, on: server)
            let file = try StoredBytes(server)
            let before = try await file.inUse(), tablesBefore = try await file.byTable()
            var sent = 0
            for index in 0..<route.requests {
                let request = try scenario.request(index)
                let response = try await retryingWhileBusy { try await request.send(to: server) }
                #expect(Self.succeeded(response), "\(route) #\(index): \(response.status) \(response.text.prefix(300))")
                sent += request.wireBytes
            }
            let stored = try await file.inUse() - before
            let growth = StoredBytes.growth(from: tablesBefore, to: try await file.byTable())
            let grown = growth.prefix(4).map { "\($0.name) +\($0.bytes) B" }.joined(separator: ", ")
            // The log's table and its indexes are named `events…`.
            let logged = growth.filter { $0.name.hasPrefix(EventLog.schema) }.map(\.bytes).reduce(0, +)
            let ratio = Double(stored) / Double(sent)
            let factsRatio = Double(stored - logged) / Double(sent)
            let figures = "stored \(stored) B for \(sent) B sent, ratio \(String(format: "%.2f", ratio)), "
                + "\(String(format: "%.2f", factsRatio)) without the event log"
            print("storage amplification \(route): \(figures); grew most: \(grown)")
            #expect(factsRatio <= 2, "\(route): \(figures)")
            #expect(ratio <= 3, "\(route): \(figures)")
        }
    }

    /// 2xx, and where the answer says what it stored, not nothing.
    static func succeeded(_ response: TestResponse) -> Bool {
        guard (200..<300).contains(response.status.code) else { return false }
        let json = response.json
        guard let said = ["stored", "counted", "changed"].lazy.compactMap({ json[$0] }).first else { return true }
        return (said as? Int).map { $0 > 0 } ?? (said as? Bool) ?? false
    }
}

/// The limits a device fills, and text that fills them.
private enum Filled {
    /// Timestamps on the device's clock, before the test server's (1_800_000_000_000).
    static let deviceTime: Int64 = 1_799_999_000_000

    /// Exactly `bytes` bytes of UTF-8, in 4-byte characters (one shorter character ends a length
    /// that is not a multiple of 4), different for each `seed`: its digits in base 256 pick the
    /// characters from U+1F400, emoji that never join with their neighbours.
    static func text(_ seed: Int, bytes: Int) -> String {
        var digits = seed
        let scalars = (0..<bytes / 4).map { _ in
            defer { digits /= 256 }
            return Unicode.Scalar(0x1F400 + UInt32(digits % 256))!
        }
        return String(String.UnicodeScalarView(scalars)) + ["", "a", "é", "€"][bytes % 4]
    }

    /// Each request's user, tracking identifier and device are its own.
    static func userID(_ index: Int) -> String { text(3 * index, bytes: IdentifierLimits.userID) }
    static func trackingID(_ index: Int) -> String { text(3 * index + 1, bytes: IdentifierLimits.userID) }
    static func deviceID(_ index: Int) -> String { text(3 * index + 2, bytes: IdentifierLimits.deviceID) }

    static func identifiers(_ index: Int) -> [UserIdentifierDTO] {
        UserIdentifierDTO.list(for: UserIdentity(userID: userID(index), idTrackingIdentifier: trackingID(index)))
    }

    /// Batch, display and event ids are limited to 100 bytes.
    static func batchID(_ seed: Int) -> String { text(seed, bytes: 100) }

    static let locale = text(0, bytes: LanguageTag.maxLength)
}

/// A server set up for one case, and the requests of that case.
private struct Scenario {
    let route: StorageAmplificationTests.Case
    let app: Fixtures.CreatedApp
    /// The campaign the requests name, if any.
    var campaign = ""
    /// An inbox message in the inbox of every request's user, if the requests need one.
    var inboxMessage = ""

    static let profileNames = (0..<UserProfile.Limits.attributes).map { "a\($0)" }
    static let tags = (0..<UserProfile.Limits.tags).map { "t\($0)" }
    static let choiceQuestions = (1..<Campaign.Limits.surveyQuestions.upperBound).map { "q\($0)" }
    static let choices = (0..<Campaign.Limits.surveyChoices.upperBound).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
    static let surveyTextLength = Campaign.Limits.surveyTextLength.upperBound

    init(_ route: StorageAmplificationTests.Case, on server: TestServer) async throws {
        self.route = route
        app = try await server.createApp()
        switch route {
        case .config, .ping, .pingWithLongAppVersion:
            break
        case .displayPermission, .oneImpression, .hundredImpressions, .everyImpressionTypeOverManyQuarters:
            campaign = try await server.createCampaign(Fixtures.modal(), in: app)
        case .conversion:
            var withGoal = Fixtures.modal()
            withGoal.goal = ConversionGoal(event: .purchase, windowHours: 24)
            campaign = try await server.createCampaign(withGoal, in: app)
        case .profileTexts:
            try await allowDeviceProfile(on: server, attributes: Dictionary(uniqueKeysWithValues: Self.profileNames.map { ($0, "string") }))
        case .profileLists:
            try await allowDeviceProfile(on: server, attributes: Dictionary(uniqueKeysWithValues: Self.profileNames.map { ($0, "list") }))
        case .profileTags:
            try await allowDeviceProfile(on: server, tags: Self.tags)
        case .surveyText, .surveyChoices:
            campaign = try await server.createCampaign(Self.survey(), in: app)
        case .inboxSync, .inboxSyncOfTenCampaigns:
            // A user's first sync stores a copy of each running inbox campaign: the app, not the device, sets how many.
            for number in 1...(route == .inboxSync ? 1 : 10) {
                var inboxCampaign = Fixtures.modal("Inbox \(number)")
                inboxCampaign.channel = .inbox
                _ = try await server.createCampaign(inboxCampaign, in: app)
            }
        case .inboxUpdate, .inboxTrackOpens, .inboxTrackClicks:
            inboxMessage = try await server.sendInbox(app, to: (0..<route.requests).map(Filled.userID))
        }
    }

    /// `value` in every attribute a profile may have.
    private static func everyAttribute(_ value: ProfileValue) -> [String: ProfileValue?] {
        Dictionary(uniqueKeysWithValues: profileNames.map { ($0, value) })
    }

    /// What devices may set in their users' profiles.
    private func allowDeviceProfile(on server: TestServer, attributes: [String: String] = [:], tags: [String] = []) async throws {
        struct Rules: Encodable { var attributes: [String: String]; var tags: [String] }
        let patched = try await server.send(.PATCH, "/api/v1/apps/\(app.id)",
                                            json: ["deviceProfile": Rules(attributes: attributes, tags: tags)])
        guard patched.status == .ok else { throw TestFailure("device profile: \(patched.status) \(patched.text)") }
    }

    /// A survey with as many questions as one may have: a text question of the longest answer,
    /// then multiple-choice questions of as many choices as one may have.
    private static func survey() -> Campaign {
        var campaign = Fixtures.modal("Feedback")
        let text = SurveyQuestion(id: "text", kind: .text, prompt: "Anything else?", maxLength: surveyTextLength)
        let choosing = choiceQuestions.map { id in
            SurveyQuestion(id: id, kind: .multipleChoice, prompt: "Pick any",
                           choices: choices.map { SurveyChoice(id: $0, label: $0.uppercased()) })
        }
        campaign.message = Message(kind: .survey, title: "Quick question", body: "Tell us", survey: Survey(questions: [text] + choosing))
        return campaign
    }

    /// The request of number `index`: its user, tracking identifier, device and ids are fresh.
    func request(_ index: Int) throws -> WireRequest {
        let ids = Filled.identifiers(index)
        let device = Filled.deviceID(index)
        func post(_ path: String, _ body: some Encodable) throws -> WireRequest {
            try WireRequest(.POST, path, app: app, deviceID: device, json: body)
        }
        func impressions(_ list: [ImpressionDTO]) throws -> WireRequest {
            try post("/v1/impression", ImpressionRequest(campaignId: campaign, isTest: false, appVersion: "1.0.0", sdkVersion: "1.0.0",
                                                         impressions: list, userIdentifiers: ids, batchId: Filled.batchID(index)))
        }
        let batch = ImpressionRecorder.maxImpressionsPerBatch
        switch route {
        case .config:
            let locale = Filled.locale.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            return try WireRequest(.GET, "/v1/config?\(ConfigQuery.locale)=\(locale)", app: app, deviceID: device)
        case .ping:
            return try post("/v1/ping", PingRequest(userIdentifiers: ids, appVersion: "1.0.0", locale: Filled.locale, platform: .ios))
        case .pingWithLongAppVersion:
            // No limit bounds an app version: 4 KB of parts, each stored again as its sort key.
            let version = Array(repeating: "1", count: 2_048).joined(separator: ".")
            return try post("/v1/ping", PingRequest(userIdentifiers: ids, appVersion: version, locale: Filled.locale, platform: .ios))
        case .displayPermission:
            return try post("/v1/display_permission", DisplayPermissionRequest(
                subscriptionId: nil, campaignId: campaign, userIdentifiers: ids, platform: 1, appVersion: "1.0.0", sdkVersion: "1.0.0",
                locale: Filled.locale, lastPingInMillis: 0))
        case .oneImpression:
            return try impressions([ImpressionDTO(type: .impression, timestamp: Filled.deviceTime)])
        case .hundredImpressions:
            return try impressions((0..<batch).map { ImpressionDTO(type: .impression, timestamp: Filled.deviceTime + Int64($0)) })
        case .everyImpressionTypeOverManyQuarters:
            // Each impression in a quarter hour of its own, so each adds a row of counts.
            let types = ImpressionTypeCode.allCases.filter { $0 != .invalid }
            let pages = Campaign.Limits.carouselPages.upperBound
            let firstQuarter = Filled.deviceTime - Int64(route.requests * batch) * CampaignCounts.quarterMillis
            return try impressions((0..<batch).map { number in
                let type = types[number % types.count]
                return ImpressionDTO(type: type, timestamp: firstQuarter + Int64(index * batch + number) * CampaignCounts.quarterMillis,
                                     marqueePage: type == .pageView ? number % pages : nil)
            })
        case .conversion:
            return try post("/v1/conversion", ConversionRequest(
                campaignId: campaign, isTest: false, userIdentifiers: ids, marqueeVariant: nil, exposedAt: Filled.deviceTime,
                convertedAt: Filled.deviceTime + 60_000, batchId: Filled.batchID(index)))
        case .profileTexts:
            let text = Filled.text(index, bytes: 4 * UserProfile.Limits.textLength)
            return try post("/v1/profile", ProfileUpdateRequest(userIdentifiers: ids, attributes: Self.everyAttribute(.string(text))))
        case .profileLists:
            let items = (0..<UserProfile.Limits.listItems).map { Filled.text($0, bytes: 4) }
            return try post("/v1/profile", ProfileUpdateRequest(userIdentifiers: ids, attributes: Self.everyAttribute(.list(items))))
        case .profileTags:
            return try post("/v1/profile", ProfileUpdateRequest(userIdentifiers: ids, addTags: Self.tags))
        case .surveyText, .surveyChoices:
            let answers = route == .surveyText
                ? [SurveyAnswer(questionID: "text", value: .text(Filled.text(index, bytes: 4 * Self.surveyTextLength)))]
                : Self.choiceQuestions.map { SurveyAnswer(questionID: $0, value: .choices(Self.choices)) }
            return try post("/v1/survey", SurveyResponseRequest(
                campaignId: campaign, isTest: false, userIdentifiers: ids, marqueeVariant: nil, answeredAt: Filled.deviceTime,
                answers: answers, batchId: Filled.batchID(index)))
        case .inboxSync, .inboxSyncOfTenCampaigns:
            return try post("/v1/inbox/sync", InboxSyncRequest(userIdentifiers: ids))
        case .inboxUpdate:
            return try post("/v1/inbox/update", InboxUpdateRequest(userIdentifiers: ids, operation: .delete, messageIDs: [inboxMessage]))
        case .inboxTrackOpens, .inboxTrackClicks:
            // Clicks carry the longest URL; within the body limit, a request holds 100 of them.
            let clicks = route == .inboxTrackClicks
            let count = clicks ? 100 : InboxStore.maxEventsPerBatch
            let prefix = "https://example.com/"
            let url = prefix + Filled.text(index, bytes: 4 * (URLRule.maxLength - prefix.count))
            let events = (0..<count).map { number in
                InboxTrackingEvent(id: Filled.batchID(index * count + number), messageID: inboxMessage,
                                   interaction: clicks ? .clicked : .opened, url: clicks ? url : nil, timestamp: Filled.deviceTime)
            }
            return try post("/v1/inbox/track", InboxTrackRequest(userIdentifiers: ids, consent: .granted, events: events))
        }
    }
}

/// One SDK request as a device sends it, without credentials: its headers and body built once,
/// so that what is sent and what is counted are the same bytes.
private struct WireRequest {
    static let host = "marquee.example.com"

    let method: HTTPMethod
    let path: String
    let headers: [(String, String)]
    let body: String?

    init(_ method: HTTPMethod, _ path: String, app: Fixtures.CreatedApp, deviceID: String, json: (any Encodable)? = nil) throws {
        self.method = method
        self.path = path
        body = try json.map { String(decoding: try MarqueeJSON.encoder().encode($0), as: UTF8.self) }
        // Escaped, a 4-byte character would be sent as 12 bytes and make the ratio look smaller.
        #expect(body?.contains("\\u") != true, "the body carries its characters as UTF-8")
        var headers = [("Host", Self.host), (ProtocolHeader.subscriptionID, app.subscriptionID), (ProtocolHeader.deviceID, deviceID)]
        if let body { headers += [("Content-Type", "application/json"), ("Content-Length", String(body.utf8.count))] }
        self.headers = headers
    }

    /// The request line, each header line, the blank line and the body, in bytes.
    var wireBytes: Int {
        let head = "\(method.rawValue) \(path) HTTP/1.1\r\n" + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        return head.utf8.count + (body?.utf8.count ?? 0)
    }

    func send(to server: TestServer) async throws -> TestResponse {
        try await server.send(method, path, token: nil, headers: headers, rawBody: body)
    }
}

/// The bytes a SQLite file holds: in use (pages not on the free list), and by table or index.
private struct StoredBytes {
    let sql: any SQLDatabase

    init(_ server: TestServer) throws {
        sql = try #require(server.app.db as? any SQLDatabase)
    }

    func inUse() async throws -> Int {
        // Into the file, so its page count holds every commit.
        try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").run()
        struct Row: Decodable { var bytes: Int }
        return try #require(try await sql.raw("""
            SELECT (page_count - freelist_count) * page_size AS bytes FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()
            """).first(decoding: Row.self)).bytes
    }

    func byTable() async throws -> [String: Int] {
        struct Row: Decodable { var name: String; var bytes: Int }
        let rows = try await sql.raw("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all(decoding: Row.self)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.bytes) })
    }

    /// The tables and indexes that grew, most first.
    static func growth(from before: [String: Int], to after: [String: Int]) -> [(name: String, bytes: Int)] {
        after.map { (name: $0.key, bytes: $0.value - before[$0.key, default: 0]) }.filter { $0.bytes > 0 }.sorted { $0.bytes > $1.bytes }
    }
}
