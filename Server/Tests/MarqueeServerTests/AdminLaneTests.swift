@testable import MarqueeServer
import Foundation
import MarqueeModel
import SQLKit
import Testing
import Vapor

/// Long admin reads run in their own lane: devices are answered while the lane is busy, the
/// lane takes its jobs a few at a time, and a query past its budget is stopped.
@Suite("Admin lane")
struct AdminLaneTests {
    /// A query that never ends on its own.
    private static func endless(_ database: any SQLDatabase) -> SQLQueryString {
        if database.dialect.name == "postgresql" { return "SELECT pg_sleep(3600)" }
        return "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c"
    }

    @Test(arguments: TestDatabase.production)
    func aQueryPastItsBudgetIsStoppedWithAClearError(_ database: TestDatabase) async throws {
        try await TestServer.with(database, adjust: { $0.adminLane.budget = .milliseconds(300) }) { server in
            let lane = server.app.marquee.adminLane
            do {
                _ = try await lane.run(logger: server.app.logger, on: server.app.eventLoopGroup.any()) { sql in
                    try await sql.raw(Self.endless(sql)).run()
                }
                Issue.record("the endless query finished")
            } catch let error as APIError {
                #expect(error.code.rawValue == "query_over_budget")
                #expect(error.status == .serviceUnavailable)
                #expect(error.headers["Retry-After"] != nil)
            }
            // The lane is free again, and its connection answers the next job.
            let one = try await lane.run(logger: server.app.logger, on: server.app.eventLoopGroup.any()) { sql in
                try await sql.raw("SELECT 1 AS one").first(decoding: [String: Int].self)?["one"]
            }
            #expect(one == 1)
        }
    }

    @Test(arguments: TestDatabase.production)
    func devicesAreAnsweredWhileTheLaneIsBusy(_ database: TestDatabase) async throws {
        try await TestServer.with(database, adjust: { $0.adminLane.budget = .seconds(3600) }) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Launch"), in: app)
            let lane = server.app.marquee.adminLane
            let (started, startedContinuation) = AsyncStream<Void>.makeStream()
            let release = LaneRelease()
            // Every place of the lane holds its connection, mid-transaction, until released.
            let jobs = (0..<lane.settings.concurrency).map { _ in
                Task {
                    try await lane.run(logger: server.app.logger, on: server.app.eventLoopGroup.any()) { sql in
                        _ = try await sql.raw("SELECT COUNT(*) AS n FROM apps").all()
                        startedContinuation.yield()
                        await release.wait()
                    }
                }
            }
            var iterator = started.makeAsyncIterator()
            for _ in jobs { _ = await iterator.next() }
            #expect(lane.load.running == lane.settings.concurrency)

            for index in 0..<20 {
                let answer = try await server.ping(app, Fixtures.pingBody(userID: "user-\(index)"), deviceID: "device-\(index)")
                #expect(answer.campaigns.count == 1)
            }
            let ready = try await server.send(.GET, "/readyz", token: nil)
            #expect(ready.status == .ok, "\(ready.text)")
            #expect(ready.text.contains(#""running":\#(lane.settings.concurrency)"#))

            await release.open()
            for job in jobs { try await job.value }
            #expect(lane.load == AdminLaneLoad(running: 0, waiting: 0))
        }
    }

    @Test func aJobThatWaitsPastItsTurnIsRefused() async throws {
        try await TestServer.with(.sqliteFile, adjust: {
            $0.adminLane.concurrency = 1
            $0.adminLane.queueWait = .milliseconds(50)
        }) { server in
            let lane = server.app.marquee.adminLane
            let hold = await LaneHold(server)
            await #expect(throws: APIError.adminLaneBusy) {
                try await lane.run(logger: server.app.logger, on: server.app.eventLoopGroup.any()) { _ in }
            }
            try await hold.end()
        }
    }

    @Test func anAudienceCountGoesThroughTheLane() async throws {
        try await TestServer.with(.sqliteFile, adjust: { $0.adminLane.queueWait = .milliseconds(50) }) { server in
            let app = try await server.createApp()
            let hold = await LaneHold(server)
            let busy = try await server.send(.POST, "/api/v1/apps/\(app.id)/audience", raw: #"{"rule": {"all": []}}"#)
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.errorCode == "admin_lane_busy")
            #expect(busy.headers.first(name: "Retry-After") != nil)
            try await hold.end()
            let counted = try await server.send(.POST, "/api/v1/apps/\(app.id)/audience", raw: #"{"rule": {"all": []}}"#)
            #expect(counted.status == .ok, "\(counted.text)")
        }
    }
}

/// `/readyz` says when a device request has waited too long, and the instance stops being ready.
@Suite("Device traffic readiness")
struct DeviceTrafficReadinessTests {
    @Test func readinessFailsWhileADeviceRequestWaits() async throws {
        try await TestServer.with { server in
            let traffic = server.app.marquee.deviceTraffic
            let gate = LaneRelease()
            let held = Task { await traffic.track { await gate.wait() } }
            while traffic.snapshot.inFlight == 0 { await Task.yield() }
            #expect(try await server.send(.GET, "/readyz", token: nil).status == .ok, "not waiting yet")

            server.clock.advance(by: DeviceTraffic.waitingAfter + 1)
            let waiting = try await server.send(.GET, "/readyz", token: nil)
            #expect(waiting.status == .serviceUnavailable)
            let devices = try #require(waiting.json["devices"] as? [String: Any])
            #expect(devices["waiting"] as? Bool == true)
            #expect(devices["inFlight"] as? Int == 1)
            #expect(devices["oldestMillis"] as? Int == Int((DeviceTraffic.waitingAfter + 1) * 1000))

            await gate.open()
            await held.value
            let ready = try await server.send(.GET, "/readyz", token: nil)
            #expect(ready.status == .ok, "\(ready.text)")
        }
    }
}

/// A job that holds the lane's one place until the test ends it.
private struct LaneHold {
    private let release = LaneRelease()
    private let holder: Task<Void, any Error>

    /// Returns once the job runs.
    init(_ server: TestServer) async {
        let lane = server.app.marquee.adminLane
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let release = release
        holder = Task {
            try await lane.run(logger: server.app.logger, on: server.app.eventLoopGroup.any()) { _ in
                startedContinuation.yield()
                await release.wait()
            }
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
    }

    func end() async throws {
        await release.open()
        try await holder.value
    }
}

/// A gate jobs wait at until the test opens it.
private actor LaneRelease {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
