import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel
import Testing

/// Devices running the SDK report impressions on either side of midnight in Paris; the live
/// server's analytics put each in the day and hour it happened in that zone, not in UTC's.
@Suite struct AnalyticsTimeZoneTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func impressionsAroundMidnightCountInTheZonesOwnDaysAndHours() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(CampaignDraft.make("Midnight sale"), in: app)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = Self.paris
            // Yesterday's midnight in Paris: every device time below is in the past.
            let midnight = try #require(calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: TestTime.start)))
            let minutes: [TimeInterval] = [-30, 30, 90]   // 23:30 the day before, 00:30 and 01:30
            for (index, offset) in minutes.enumerated() {
                let device = TestDevice(clock: Marquee.ManualClock(start: midnight.addingTimeInterval(offset * 60)))
                defer { device.removeStorage() }
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                                   user: TestUser(userID: "night-owl-\(index)"))
                await device.log(AppStartEvent())
                try await device.finish(PresentationResult(.buttonClick(id: "ok")))
            }

            // The neighbouring midnights by the calendar: a day that changes the clocks is not 24 hours long.
            let dayBefore = try #require(calendar.date(byAdding: .day, value: -1, to: midnight))
            let dayAfter = try #require(calendar.date(byAdding: .day, value: 1, to: midnight))
            let days = try await analytics(server, app, campaign, interval: "day", from: dayBefore, to: dayAfter)
            #expect(days.map(\.start) == [Self.local(dayBefore), Self.local(midnight)])
            #expect(days.map(\.impressions) == [1, 2], "23:30 belongs to the day before, 00:30 and 01:30 to the next")
            #expect(days.map(\.clicks) == [1, 2])

            let hours = try await analytics(server, app, campaign, interval: "hour",
                                            from: midnight.addingTimeInterval(-3_600), to: midnight.addingTimeInterval(2 * 3_600))
            #expect(hours.map(\.start) == [-3_600.0, 0, 3_600].map { Self.local(midnight.addingTimeInterval($0)) })
            #expect(hours.map(\.impressions) == [1, 1, 1])
        }
    }

    /// `date` as the server writes a bucket's start in Paris ("2026-11-22T00:00:00+01:00").
    static func local(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = paris
        return formatter.string(from: date)
    }

    struct Bucket {
        var start: String
        var impressions: Int
        var clicks: Int
    }

    func analytics(_ server: LiveServer, _ app: LiveServer.CreatedApp, _ campaign: Campaign, interval: String,
                   from: Date, to: Date) async throws -> [Bucket] {
        var components = try #require(URLComponents(
            url: server.baseURL.appendingPathComponent("api/v1/apps/\(app.id)/campaigns/\(campaign.id)/analytics"),
            resolvingAgainstBaseURL: false))
        components.queryItems = [
            URLQueryItem(name: "interval", value: interval), URLQueryItem(name: "timeZone", value: Self.paris.identifier),
            URLQueryItem(name: "from", value: ISO8601DateFormatter().string(from: from)),
            URLQueryItem(name: "to", value: ISO8601DateFormatter().string(from: to)),
        ]
        var request = URLRequest(url: try #require(components.url))
        request.setValue("Bearer \(LiveServer.adminToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return (json["buckets"] as? [[String: Any]] ?? []).map {
            Bucket(start: $0["start"] as? String ?? "", impressions: $0["impressions"] as? Int ?? -1, clicks: $0["buttonOneClicks"] as? Int ?? -1)
        }
    }
}
