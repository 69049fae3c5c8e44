import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire

/// An in-memory server: answers per endpoint and records every request.
// @unchecked Sendable: every stored property is read and written only while `lock` is held.
final class StubTransport: HTTPTransport, @unchecked Sendable {
    enum Reply {
        case status(Int, Data)
        case failure
    }

    private let lock = NSLock()
    private var replies: [String: [Reply]] = [:]
    private var defaults: [String: Reply] = [:]
    private var log: [HTTPRequest] = []

    /// Answers requests whose path ends with `endpoint`: queued replies first, then the default.
    func set(_ endpoint: String, _ reply: Reply) { lock.withLock { defaults[endpoint] = reply } }
    func queue(_ endpoint: String, _ reply: Reply) { lock.withLock { replies[endpoint, default: []].append(reply) } }

    var requests: [HTTPRequest] { lock.withLock { log } }
    func requests(to endpoint: String) -> [HTTPRequest] { requests.filter { $0.url.path.hasSuffix(endpoint) } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply: Reply? = lock.withLock {
            log.append(request)
            let endpoint = request.url.path.split(separator: "/").last.map(String.init) ?? ""
            if var queued = replies[endpoint], !queued.isEmpty {
                let first = queued.removeFirst()
                replies[endpoint] = queued
                return first
            }
            return defaults[endpoint]
        }
        switch reply {
        case .status(let code, let body): return HTTPResponse(status: code, body: body)
        case .failure, nil: throw URLError(.notConnectedToInternet)
        }
    }
}

/// Deterministic randomness: jitter 0 and numbered identifiers.
// @unchecked Sendable: the counter is read and written only while `lock` is held.
final class CountingRandom: RandomSource, @unchecked Sendable {
    private let lock = NSLock()
    private var counter = 0
    func unit() -> Double { 0 }
    func uuid() -> String { lock.withLock { counter += 1; return "id-\(counter)" } }
}

/// Collects reported errors.
// @unchecked Sendable: the list is read and written only while `lock` is held.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [MarqueeError] = []
    func append(_ error: MarqueeError) { lock.withLock { list.append(error) } }
    var errors: [MarqueeError] { lock.withLock { list } }
}

struct TestUser: UserInfoProvider {
    var userID: String?
    var idTrackingIdentifier: String?
    var accessToken: String?
}

enum Fixture {
    static let configURL = URL(string: "https://marquee.test/v1/config")!

    static func config(rollout: Int = 100) -> Data {
        Data("""
        {"data":{"rolloutPercentage":\(rollout),"endpoints":{"ping":"https://marquee.test/v1/ping",
        "impression":"https://marquee.test/v1/impression","displayPermission":"https://marquee.test/v1/display_permission"}}}
        """.utf8)
    }

    static func ping(_ campaigns: [Campaign], nextPingMillis: Int = 3_600_000, caps: [FrequencyCap] = []) -> Data {
        let response = PingResponse(
            currentPingMillis: 1_800_000_000_000, nextPingMillis: nextPingMillis,
            data: campaigns.map { CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true)) },
            marquee: caps.isEmpty ? nil : PingExtension(frequencyCaps: caps))
        return try! MarqueeJSON.encoder().encode(response)
    }

    static func permission(display: Bool = true, performPing: Bool = false) -> Data {
        Data(#"{"display":\#(display),"performPing":\#(performPing)}"#.utf8)
    }

    static func campaign(_ id: String, _ triggers: [Trigger] = [Trigger(.appStart)], priority: Int = 0,
                         maxImpressions: Int = 1, isTest: Bool = false, name: String? = nil,
                         endTime: Date? = nil, kind: MessageKind = .modal, template: String? = nil,
                         buttons: [MessageButton] = [], showsOptOut: Bool = false,
                         reEligibilitySeconds: Double? = nil, caps: [String] = [], delayAfterCloseMillis: Int = 0) -> Campaign {
        Campaign(id: id, name: name ?? id, status: .active, isTest: isTest,
                 message: Message(kind: kind, title: "Title \(id)", buttons: buttons, showsOptOut: showsOptOut, template: template),
                 triggers: TriggerSet(triggers: triggers),
                 delivery: DeliveryRules(priority: priority, endTime: endTime, maxImpressions: maxImpressions,
                                         reEligibilitySeconds: reEligibilitySeconds, frequencyCapIDs: caps,
                                         delayAfterCloseMillis: delayAfterCloseMillis))
    }
}

/// An SDK wired to a stub server, a manual clock and a fresh directory.
struct Harness {
    let sdk: MarqueeSDK
    let server: StubTransport
    let clock: ManualClock
    let errors: ErrorLog
    let directory: URL

    init(campaigns: [Campaign] = [], directory: URL? = nil, server: StubTransport = StubTransport(),
         clock: ManualClock = ManualClock(), locale: String = "en_JP", build: BuildConfiguration = BuildConfiguration(),
         streams: any HTTPStreamTransport = URLSessionStreamTransport()) {
        let directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-tests-\(UUID().uuidString)", isDirectory: true)
        if server.requests.isEmpty {
            server.set("config", .status(200, Fixture.config()))
            server.set("ping", .status(200, Fixture.ping(campaigns)))
            server.set("display_permission", .status(200, Fixture.permission()))
            server.set("impression", .status(200, Data()))
        }
        let errors = ErrorLog()
        let environment = MarqueeEnvironment(
            clock: clock, transport: server, streamTransport: streams, storageDirectory: directory, random: CountingRandom(),
            app: AppInfo(appID: "com.example.app", appVersion: "2.1.0", locale: locale, deviceID: "device-1"),
            buildConfiguration: build, observesSystemLifecycle: false)
        sdk = MarqueeSDK(environment: environment)
        sdk.errorCallback = { errors.append($0) }
        self.server = server
        self.clock = clock
        self.errors = errors
        self.directory = directory
    }

    /// Configures against the stub server and waits for the first ping.
    func start(tooltips: Bool = false) async {
        sdk.configure(subscriptionID: "sub-1", configurationURL: Fixture.configURL, enableTooltipFeature: tooltips)
        await sdk.waitUntilIdle()
    }

    /// Lets earlier calls finish, moves the clock and runs what came due.
    func advance(_ seconds: TimeInterval) async {
        await sdk.waitUntilIdle()
        clock.advance(by: seconds)
        await sdk.waitUntilIdle()
    }

    func impressionBodies() -> [ImpressionRequest] {
        server.requests(to: "impression").compactMap { $0.body }.compactMap {
            try? JSONDecoder().decode(ImpressionRequest.self, from: $0)
        }
    }
}
