import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// Two server instances on one PostgreSQL database serve as one: a change made through one is
/// learned by the other (LISTEN/NOTIFY), and impressions posted to both are counted once.
@MainActor
@Suite struct MultiInstanceTests {
    /// Pairings an app may hold open at once, as openapi.yaml gives it.
    static let openPairingLimit = 50

    nonisolated static let postgresURL = ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_URL"]

    private func post<Body: Encodable>(_ path: String, to server: LiveServer, app: LiveServer.CreatedApp, _ body: Body) async throws -> Data {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("device-1", forHTTPHeaderField: "device_id")
        request.httpBody = try MarqueeJSON.encoder().encode(body)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        return data
    }

    private func offered(by server: LiveServer, app: LiveServer.CreatedApp) async throws -> [String] {
        let body = PingRequest(userIdentifiers: [], appVersion: "1.0.0")
        return try MarqueeJSON.decoder().decode(PingResponse.self, from: try await post("v1/ping", to: server, app: app, body))
            .data.map(\.campaignData.campaignId)
    }

    private func displays(_ campaign: Campaign, on server: LiveServer, app: LiveServer.CreatedApp) async throws -> Bool {
        let body = DisplayPermissionRequest(subscriptionId: nil, campaignId: campaign.id, userIdentifiers: [], platform: nil,
                                            appVersion: "1.0.0", sdkVersion: "8.0.0", locale: nil, lastPingInMillis: 0)
        return try MarqueeJSON.decoder().decode(DisplayPermissionResponse.self,
                                                from: try await post("v1/display_permission", to: server, app: app, body)).display
    }

    /// Polls `condition` until it holds or `seconds` pass: instances learn of each other's changes
    /// within milliseconds; the bound only stops a hung test, since a machine running the whole
    /// suite may take seconds to deliver a notification.
    private func eventually(within seconds: Int = 60, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Two instances on one fresh schema of the test database, started one after the other (the
    /// first creates the schema and migrates it), both stopped after `body`.
    private func withTwoInstances(_ body: @MainActor (LiveServer, LiveServer) async throws -> Void) async throws {
        let storage = ServerConfiguration.Storage.postgres(url: try #require(Self.postgresURL),
                                                           searchPath: "multi_\(UInt32.random(in: 0...UInt32.max))")
        let first = try await LiveServer.start(storage: storage)
        try await first.withStopping { first in
            let second = try await LiveServer.start(storage: storage)
            try await second.withStopping { second in try await body(first, second) }
        }
    }

    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func twoInstancesOnOneDatabaseServeAsOne() async throws {
        try await withTwoInstances { first, second in
            #expect(try await eventually { await second.app.marquee.directory.isLearningOfChanges },
                    "the second instance listens for changes")
            let app = try await first.createApp()
            let campaign = try await first.createCampaign(CampaignDraft.make("Spring sale"), in: app)
            #expect(try await offered(by: second, app: app) == [campaign.id], "the second instance serves what the first created")
            // Other suites' changes may race the first read; the next one keeps it.
            #expect(try await eventually {
                _ = try await offered(by: second, app: app)
                return await second.app.marquee.directory.count == 1
            }, "and holds the app in memory from then on")
            #expect(try await displays(campaign, on: second, app: app))

            try await first.setStatus(.paused, of: campaign, in: app)
            #expect(try await offered(by: first, app: app).isEmpty, "the instance that paused it knows at once")
            try #require(try await eventually { try await offered(by: second, app: app).isEmpty },
                    "the second instance learns of the pause: only a notification can drop the app it holds")
            #expect(try await !displays(campaign, on: second, app: app), "and no longer lets it display")

            try await first.setStatus(.active, of: campaign, in: app)
            try #require(try await eventually { try await offered(by: second, app: app) == [campaign.id] })

            // A batch posted to both (a retry landing on the other instance) is counted once.
            let batch = ImpressionRequest(campaignId: campaign.id, isTest: false, appVersion: "1.0.0", sdkVersion: "8.0.0",
                                          impressions: [ImpressionDTO(type: .impression, timestamp: 1_000)],
                                          userIdentifiers: [], batchId: "shared-batch")
            _ = try await post("v1/impression", to: first, app: app, batch)
            _ = try await post("v1/impression", to: second, app: app, batch)
            #expect(try await first.stats(of: campaign, in: app).impressions == 1)
            #expect(try await second.stats(of: campaign, in: app).impressions == 1)
        }
    }

    private func offered(to user: String, by server: LiveServer, app: LiveServer.CreatedApp) async throws -> [String] {
        let body = PingRequest(userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], appVersion: "1.0.0")
        return try MarqueeJSON.decoder().decode(PingResponse.self, from: try await post("v1/ping", to: server, app: app, body))
            .data.map(\.campaignData.campaignId)
    }

    /// Each instance holds the profiles its pings read; a change made through one instance drops
    /// the other's copy, so segment membership there follows every change.
    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func aProfileChangedOnOneInstanceChangesMembershipOnTheOther() async throws {
        try await withTwoInstances { first, second in
            #expect(try await eventually { await second.app.marquee.directory.isLearningOfChanges })
            let app = try await first.createApp()
            struct Created: Decodable { var id: String }
            struct SegmentBody: Encodable {
                var name: String
                var rule: SegmentRule
            }
            let vip = try MarqueeJSON.decoder().decode(Created.self, from: try await first.admin(
                "POST", "api/v1/apps/\(app.id)/segments", body: SegmentBody(name: "VIP", rule: .tag(TagCondition(tag: "vip", operator: .has))))).id
            let offer = try await first.createCampaign(CampaignDraft.make(
                "VIP offer", targeting: Targeting(segments: SegmentTargeting(include: [vip]))), in: app)
            let profile = "api/v1/apps/\(app.id)/users/ada/profile"

            #expect(try await offered(to: "ada", by: second, app: app).isEmpty)
            #expect(try await eventually {
                _ = try await offered(to: "ada", by: second, app: app)
                return second.app.marquee.userChanges.rows.count == 1
            }, "the second instance holds Ada's profile")
            try await first.admin("PATCH", profile, body: ["addTags": ["vip"]])
            #expect(try await offered(to: "ada", by: first, app: app) == [offer.id], "the instance that changed it knows at once")
            try #require(try await eventually { try await offered(to: "ada", by: second, app: app) == [offer.id] },
                         "the second instance learns of the change: only a notification can drop the profile it holds")
            try await first.admin("PATCH", profile, body: ["removeTags": ["vip"]])
            try #require(try await eventually { try await offered(to: "ada", by: second, app: app).isEmpty })
            // Back on the second instance: the first holds Ada's profile with the tag removed.
            try await second.admin("PATCH", profile, body: ["addTags": ["vip"]])
            try #require(try await eventually { try await offered(to: "ada", by: first, app: app) == [offer.id] })
            try await second.admin("DELETE", "api/v1/apps/\(app.id)/users/ada")
            try #require(try await eventually { try await offered(to: "ada", by: first, app: app).isEmpty },
                         "erasing the user on one instance drops them on the other")
        }
    }

    /// Pings of one user reaching two instances at once count one session: each instance writes
    /// its visits behind the answers, and the SQL that writes them starts a session once.
    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func concurrentPingsOnTwoInstancesCountOneSession() async throws {
        try await withTwoInstances { first, second in
            let app = try await first.createApp()
            func pingBoth() async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for server in [first, second] {
                        for _ in 0..<8 { group.addTask { _ = try await offered(to: "zed", by: server, app: app) } }
                    }
                    try await group.waitForAll()
                }
                await first.app.marquee.userFacts.flush()
                await second.app.marquee.userFacts.flush()
            }
            func sessions() async throws -> Int? {
                try await UserFactsStore(database: first.app.db).row(appID: app.id, userID: "zed")?.sessions
            }
            try await pingBoth()
            #expect(try await sessions() == 1)
            for server in [first, second] { server.clock.advance(by: 31 * 60) }
            try await pingBoth()
            #expect(try await sessions() == 2, "a ping 31 minutes later starts one session, on whichever instance")
        }
    }

    /// Eight writers post to two instances at once (impressions, profile changes and campaign
    /// edits, each in transactions of their own) while a reader pages the event stream from the
    /// other instance, 5 events at a time: it sees every committed event exactly once, in cursor
    /// order, though PostgreSQL makes sequence numbers visible out of order.
    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func aStreamReaderSeesEveryEventOnceWhileEightWritersPostToTwoInstances() async throws {
        try await withTwoInstances { first, second in
            let app = try await first.createApp()
            let campaign = try await first.createCampaign(CampaignDraft.make("Spring sale"), in: app)
            func page(after cursor: String, from server: LiveServer) async throws -> (lines: [EventLine], next: String) {
                var request = URLRequest(url: URL(string: "\(server.baseURL)/api/v1/apps/\(app.id)/events?limit=5&after=\(cursor)")!)
                request.setValue("Bearer \(LiveServer.adminToken)", forHTTPHeaderField: "Authorization")
                let (data, response) = try await URLSession.shared.data(for: request)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
                let lines = try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                    try MarqueeJSON.decoder().decode(EventLine.self, from: Data($0.utf8))
                }
                return (lines, http.value(forHTTPHeaderField: "Marquee-Cursor") ?? cursor)
            }
            let rounds = 10
            let writing = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<8 {
                        let server = writer % 2 == 0 ? first : second
                        group.addTask {
                            for round in 0..<rounds {
                                switch writer % 4 {
                                case 0, 1:
                                    let batch = ImpressionRequest(campaignId: campaign.id, isTest: false, appVersion: "1.0.0", sdkVersion: "8.0.0",
                                                                  impressions: [ImpressionDTO(type: .impression, timestamp: 1_000)],
                                                                  userIdentifiers: [], batchId: "w\(writer)-\(round)")
                                    _ = try await post("v1/impression", to: server, app: app, batch)
                                case 2:
                                    try await server.admin("PATCH", "api/v1/apps/\(app.id)/users/w\(writer)/profile",
                                                           body: ["attributes": ["round": round]])
                                default:
                                    try await server.setStatus(round % 2 == 0 ? .paused : .active, of: campaign, in: app)
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            var seen: [EventLine] = []
            var cursor = "0"
            var reader = 0
            // Pages while the writers post, alternating instances; then on to the end.
            let committed = 4 * rounds + 2 * rounds + 2 * rounds + 1
            let deadline = ContinuousClock.now + .seconds(120)
            while seen.count < committed, ContinuousClock.now < deadline {
                reader += 1
                let next = try await page(after: cursor, from: reader % 2 == 0 ? first : second)
                seen += next.lines
                cursor = next.next
                if next.lines.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            }
            try await writing.value
            #expect(seen.count == committed, "every committed event")
            #expect(Set(seen.map(\.id)).count == seen.count, "none twice")
            let cursors = seen.map { $0.cursor.split(separator: ".").map { Int64($0) ?? -1 } }
            #expect(cursors == cursors.sorted { $0.lexicographicallyPrecedes($1) }, "in cursor order")
        }
    }

    /// A device's live channel is held by one instance; what the dashboard does through the other
    /// reaches it: a catalog change, a preview, a debug session, and the device's lines back.
    @Test(.enabled(if: postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func liveChannelsHearChangesAndPreviewsMadeOnTheOtherInstance() async throws {
        try await withTwoInstances { first, second in
            #expect(try await eventually { await first.app.marquee.directory.isLearningOfChanges })
            let app = try await second.createApp(subscriptionID: "live-multi")
            let campaign = try await second.createCampaign(CampaignDraft.make("Spring sale"), in: app)
            let reader = EventStreamReader(baseURL: first.baseURL, subscriptionID: app.subscriptionID, deviceID: "device-live")
            defer { reader.close() }
            #expect(await reader.waitFor(seconds: 10) { $0.contains(": connected") })

            try await second.setStatus(.paused, of: campaign, in: app)
            #expect(await reader.waitFor(seconds: 10) { $0.contains("event: catalog") }, "the change made on the other instance: \(reader.text)")

            struct Made: Decodable { var id: String; var code: String? }
            let made = try MarqueeJSON.decoder().decode(Made.self, from: try await second.admin("POST", "api/v1/apps/\(app.id)/pairings"))
            var request = URLRequest(url: first.baseURL.appendingPathComponent("v1/pair"))
            request.httpMethod = "POST"
            request.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
            request.setValue("device-live", forHTTPHeaderField: "device_id")
            request.httpBody = Data(#"{"code":"\#(made.code ?? "")"}"#.utf8)
            let (_, paired) = try await URLSession.shared.data(for: request)
            #expect((paired as? HTTPURLResponse)?.statusCode == 200)

            // Another code, raced for by eight devices across both instances: one takes it.
            let raced = try MarqueeJSON.decoder().decode(Made.self, from: try await first.admin("POST", "api/v1/apps/\(app.id)/pairings"))
            let statuses = try await statusesOfRequestsSentAtOnce((0..<8).map { index in
                var request = URLRequest(url: (index % 2 == 0 ? first : second).baseURL.appendingPathComponent("v1/pair"))
                request.httpMethod = "POST"
                request.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
                request.setValue("racer-\(index)", forHTTPHeaderField: "device_id")
                request.httpBody = Data(#"{"code":"\#(raced.code ?? "")"}"#.utf8)
                return request
            })
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 404 }.count == 7, "\(statuses)")

            // Pairings made at once on both instances stop at the app's limit (two are open already).
            let created = try await statusesOfRequestsSentAtOnce((0..<(Self.openPairingLimit + 10)).map { index in
                .adminPOST((index % 2 == 0 ? first : second).baseURL.appendingPathComponent("api/v1/apps/\(app.id)/pairings"))
            })
            #expect(created.filter { $0 == 201 }.count == Self.openPairingLimit - 2, "\(created)")
            #expect(created.filter { $0 == 409 }.count == 12, "\(created)")

            try await second.admin("POST", "api/v1/apps/\(app.id)/pairings/\(made.id)/preview", body: CampaignDraft.make("Unsaved draft"))
            #expect(await reader.waitFor(seconds: 10) { $0.contains("event: preview") && $0.contains("Unsaved draft") })
            let started = try await second.admin("PUT", "api/v1/apps/\(app.id)/pairings/\(made.id)/debug", body: ["active": true])
            let session = try #require((try JSONSerialization.jsonObject(with: started) as? [String: Any])?["session"] as? String)
            #expect(await reader.waitFor(seconds: 10) { $0.contains("event: debug") && $0.contains(session) })

            // The device's lines go to the instance it talks to; the dashboard reads them from the other.
            let lines = DebugLogRequest(session: session, lines: [DebugLine(time: 1, kind: .notShown, campaignID: campaign.id,
                                                                            campaignName: "Spring sale", reason: .frequencyCap, text: "capped")])
            var post = URLRequest(url: first.baseURL.appendingPathComponent("v1/debug"))
            post.httpMethod = "POST"
            post.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
            post.setValue("device-live", forHTTPHeaderField: "device_id")
            post.httpBody = try MarqueeJSON.encoder().encode(lines)
            let (_, posted) = try await URLSession.shared.data(for: post)
            #expect((posted as? HTTPURLResponse)?.statusCode == 204)
            #expect(try await eventually(within: 10) {
                var read = URLRequest(url: try #require(URL(string: second.baseURL.absoluteString + "/api/v1/apps/\(app.id)/pairings/\(made.id)/debug?after=0")))
                read.setValue("Bearer \(LiveServer.adminToken)", forHTTPHeaderField: "Authorization")
                let (data, _) = try await URLSession.shared.data(for: read)
                return String(decoding: data, as: UTF8.self).contains("frequencyCap")
            }, "the other instance shows the device's line")
        }
    }
}
