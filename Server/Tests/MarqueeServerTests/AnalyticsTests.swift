import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// `GET …/campaigns/:campaignID/analytics`: interactions over time, in hours or days of a time
/// zone, as JSON or CSV.
@Suite("Campaign analytics over time")
struct AnalyticsTests {
    private static func millis(_ iso: String) -> Int64 {
        Int64(MarqueeJSON.parseDate(iso)!.timeIntervalSince1970 * 1000)
    }

    /// Posts one batch of `types` at `time` from `user`.
    private func post(_ server: TestServer, _ app: Fixtures.CreatedApp, _ campaign: String, at time: String, types: [Int] = [1],
                      user: String, test: Bool = false) async throws {
        let body = ImpressionBody(campaignId: campaign, isTest: test, impressions: types.map { .init(type: $0, timestamp: Self.millis(time)) },
                                  userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: "\(user)-\(time)-\(types)")
        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        #expect(response.status == .ok, "\(response.text)")
    }

    private func buckets(_ json: [String: Any]) -> [(start: String, impressions: Int, clicks: Int, viewers: Int)] {
        (json["buckets"] as? [[String: Any]] ?? []).map {
            ($0["start"] as? String ?? "", $0["impressions"] as? Int ?? -1, $0["buttonOneClicks"] as? Int ?? -1, $0["newUsers"] as? Int ?? -1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func daysFollowTheZonesCalendarAcrossAClockChange(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            // Paris moves from +01:00 to +02:00 at 2026-03-29 01:00 UTC.
            try await post(server, app, campaign, at: "2026-03-28T12:00:00Z", types: [1, 2], user: "ada")
            try await post(server, app, campaign, at: "2026-03-28T23:30:00Z", user: "ada")      // 00:30 on the 29th in Paris
            try await post(server, app, campaign, at: "2026-03-29T21:30:00Z", user: "bob")      // 23:30 on the 29th
            try await post(server, app, campaign, at: "2026-03-29T22:30:00Z", types: [1, 2], user: "cy")  // 00:30 on the 30th
            try await post(server, app, campaign, at: "2026-03-29T12:00:00Z", user: "tester", test: true)

            let response = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/analytics"
                + "?from=2026-03-28T00:00:00%2B01:00&to=2026-03-31T00:00:00%2B02:00&interval=day&timeZone=Europe/Paris")
            #expect(response.status == .ok, "\(response.text)")
            let series = buckets(response.json)
            #expect(series.map(\.start) == ["2026-03-28T00:00:00+01:00", "2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00"])
            #expect(series.map(\.impressions) == [1, 2, 1], "test traffic is left out")
            #expect(series.map(\.clicks) == [1, 0, 1])
            #expect(series.map(\.viewers) == [1, 1, 1], "each user counts in the bucket of their first impression")
            let totals = try #require(response.json["totals"] as? [String: Any])
            #expect(totals["impressions"] as? Int == 4)
            #expect(totals["newUsers"] as? Int == 3, "ada counts once over the range")
            #expect(totals["clickThroughRate"] as? Double == 0.5)
        }
    }

    @Test func hoursFollowAZoneWithAHalfHourOffsetAndExportAsCSV() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            try await post(server, app, campaign, at: "2026-11-01T10:15:00Z", user: "ada")   // 15:45 in Kolkata
            try await post(server, app, campaign, at: "2026-11-01T10:45:00Z", user: "bob")   // 16:15
            let path = "/api/v1/apps/\(app.id)/campaigns/\(campaign)/analytics"
                + "?from=2026-11-01T09:30:00Z&to=2026-11-01T11:30:00Z&interval=hour&timeZone=Asia/Kolkata"
            let json = try await server.send(.GET, path)
            let series = buckets(json.json)
            #expect(series.map(\.start) == ["2026-11-01T15:00:00+05:30", "2026-11-01T16:00:00+05:30"])
            #expect(series.map(\.impressions) == [1, 1])

            let csv = try await server.send(.GET, path + "&format=csv")
            #expect(csv.status == .ok)
            #expect(csv.headers.contentType?.subType == "csv")
            let lines = csv.text.split(separator: "\r\n").map(String.init)
            #expect(lines.first == "start,impressions,buttonOneClicks,buttonTwoClicks,contentClicks,exits,optOuts,"
                + "controlImpressions,newUsers,conversions,clickThroughRate")
            #expect(lines.count == 4)
            #expect(lines[1] == "2026-11-01T15:00:00+05:30,1,0,0,0,0,0,0,1,0,0.0000")
            #expect(lines.last == "total,2,0,0,0,0,0,0,2,0,0.0000")
        }
    }

    @Test func retiredImpressionsStillCountInTheirDay() async throws {
        try await TestServer.with(.sqlite) { server in
            server.clock.set(MarqueeJSON.parseDate("2026-06-01T00:00:00Z")!)
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            try await post(server, app, campaign, at: "2026-05-31T08:00:00Z", types: [1, 1], user: "ada")
            server.clock.advance(by: 40 * 86_400)
            #expect(try await ImpressionRetention(days: 30, database: server.app.db, clock: server.clock).sweep() == 2)
            let json = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/analytics"
                + "?from=2026-05-30T00:00:00Z&to=2026-06-02T00:00:00Z").json
            #expect(buckets(json).map(\.impressions) == [0, 2, 0])
            #expect(buckets(json).map(\.viewers) == [0, 0, 0], "who saw it is forgotten with the raw rows")
        }
    }

    @Test func badQueriesAreNamed() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let base = "/api/v1/apps/\(app.id)/campaigns/\(campaign)/analytics"
            for (query, fragment) in [
                ("?interval=week", "interval must be one of hour, day"),
                ("?timeZone=Mars/Olympus", "not a known time zone"),
                ("?from=yesterday", "from must be an ISO 8601 time"),
                ("?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "from must be before to"),
                ("?interval=hour&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", "at most 1000"),
                ("?format=xml", "format must be one of json, csv"),
            ] {
                let response = try await server.send(.GET, base + query)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.errorCode == "invalid_query")
                #expect(response.text.contains(fragment), "\(query): \(response.text)")
            }
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(UUID())/analytics").status == .notFound)
        }
    }
}
