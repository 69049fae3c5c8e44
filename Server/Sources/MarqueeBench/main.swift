import Foundation
import Marquee
import MarqueeModel
import MarqueeWire

// marquee-bench engine: logEvent cost with 10, 1,000 and 10,000 campaigns (10 listen for the
// event), and cold start with 0, 1,000 and 10,000 cached campaigns. The last line is the cost
// ratio 10,000 : 10.
// marquee-bench inbox: loading a 10,000-message App Inbox from the store (InboxBench.swift).
// marquee-bench regex: the regex matcher in linear time (RegexBench.swift).
// marquee-bench sdk-ping-body USER_ID: the SDK's own ping body, for the server's benchmarks (SDKPingBody.swift).

/// Answers config and ping from memory, so the benchmark measures the SDK and not a network.
struct MemoryServer: HTTPTransport {
    let ping: Data?

    /// The configuration every benchmark's device reads: the ping endpoint, everyone rolled out.
    static let configAnswer = HTTPResponse(
        status: 200, body: Data(#"{"data":{"rolloutPercentage":100,"endpoints":{"ping":"http://bench.local/v1/ping"}}}"#.utf8))

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        if path.hasSuffix("config") {
            return MemoryServer.configAnswer
        }
        if path.hasSuffix("ping"), let ping { return HTTPResponse(status: 200, body: ping) }
        throw URLError(.notConnectedToInternet)
    }
}

func campaigns(total: Int, listening: Int) -> [Campaign] {
    (0..<total).map { index in
        let isListener = index < listening
        let trigger = isListener
            ? Trigger(.custom, name: "target", conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])
            : Trigger(.custom, name: "other-\(index)", conditions: [AttributeCondition(name: "level", type: .integer, operator: .equals, value: "1")])
        return Campaign(id: "campaign-\(index)", name: "Campaign \(index)", status: .active,
                        message: Message(kind: .modal, title: "Hello \(index)", body: "Body of campaign \(index)"),
                        triggers: TriggerSet(triggers: [trigger]),
                        delivery: DeliveryRules(priority: index % 7, infiniteImpressions: true))
    }
}

func pingBody(_ campaigns: [Campaign]) -> Data {
    let response = PingResponse(currentPingMillis: 0, nextPingMillis: 86_400_000,
                                data: campaigns.map { CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true)) })
    return (try? MarqueeJSON.encoder().encode(response)) ?? Data()
}

func makeSDK(directory: URL, ping: Data?) -> MarqueeSDK {
    let environment = MarqueeEnvironment(
        clock: ManualClock(), transport: MemoryServer(ping: ping), storageDirectory: directory,
        app: AppInfo(appID: "bench", appVersion: "1.0.0", locale: "en", deviceID: "bench-device"),
        buildConfiguration: BuildConfiguration())
    return MarqueeSDK(environment: environment)
}

func seconds(_ start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

struct Row {
    var campaigns: Int
    var throughput: Double
    var p50: Double
    var p99: Double
    var engineMicros: Double
}

func measure(total: Int) async -> Row {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = campaigns(total: total, listening: 10)
    let sdk = makeSDK(directory: directory, ping: pingBody(list))
    sdk.isPaused = true  // messages queue; the benchmark measures matching, not presenting
    sdk.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
    await sdk.waitUntilIdle()
    let event = CustomEvent(name: "target", attributes: ["level": .integer(5)])

    for _ in 0..<500 { sdk.logEvent(event) }
    await sdk.waitUntilIdle()

    let batch = 20_000
    let start = ContinuousClock.now
    for _ in 0..<batch { sdk.logEvent(event) }
    await sdk.waitUntilIdle()
    let throughput = Double(batch) / seconds(start)

    var latencies: [Double] = []
    for _ in 0..<3_000 {
        let begin = ContinuousClock.now
        sdk.logEvent(event)
        await sdk.waitUntilIdle()
        latencies.append(seconds(begin) * 1e6)
    }
    latencies.sort()

    // The pure engine, without the SDK's queueing around it.
    var engine = TriggerEngine()
    _ = engine.load(list) { _ in true }
    let engineEvent = event.event
    let engineRuns = 200_000
    let engineStart = ContinuousClock.now
    for _ in 0..<engineRuns { _ = engine.log(engineEvent) { _ in true } }
    let engineMicros = seconds(engineStart) / Double(engineRuns) * 1e6

    return Row(campaigns: total, throughput: throughput, p50: percentile(latencies, 0.5),
               p99: percentile(latencies, 0.99), engineMicros: engineMicros)
}

/// Seeds a cache with `total` campaigns, then times a fresh SDK that starts offline from it.
/// Prints "<milliseconds> <peak resident MiB> <peak private MiB>" (see ``ProcessMemory``).
func coldStartChild(directory: URL) async {
    let memoryAtStart = ProcessMemory.now()
    let start = ContinuousClock.now
    let sdk = makeSDK(directory: directory, ping: nil)
    sdk.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
    await sdk.waitUntilIdle()
    let elapsed = seconds(start) * 1000
    let memory = ProcessMemory.now()
    print(String(format: "%.2f %.1f %.1f", elapsed, memory.peakResident, memory.peakPrivate(since: memoryAtStart)))
}

/// Stores `total` campaigns in `directory` as a ping leaves them.
func seedCampaigns(directory: URL, total: Int) async {
    let seeder = makeSDK(directory: directory, ping: pingBody(campaigns(total: total, listening: 10)))
    seeder.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
    await seeder.waitUntilIdle()
}

/// The median time and the highest peaks (resident and private) of `runs` cold starts from
/// `total` cached campaigns: a single start on a shared machine varies by a factor of two.
func coldStart(total: Int, runs: Int = 5) async -> (millis: String, memory: String, privateMemory: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-bench-cold-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    await seedCampaigns(directory: directory, total: total)

    var times: [Double] = []
    var peaks: [Double] = []
    var privatePeaks: [Double] = []
    for _ in 0..<runs {
        // A separate process, so the peak memory is the cold start's alone.
        let parts = runChild(["cold-start-child", directory.path]).split(separator: " ")
            .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 3 else { return ("n/a", "n/a", "n/a") }
        times.append(parts[0])
        peaks.append(parts[1])
        privatePeaks.append(parts[2])
    }
    return (String(format: "%.2f", percentile(times.sorted(), 0.5)), String(format: "%.1f", peaks.max() ?? 0),
            String(format: "%.1f", privatePeaks.max() ?? 0))
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "engine":
    var rows: [Row] = []
    for total in [10, 1_000, 10_000] { rows.append(await measure(total: total)) }
    // 0 and 1,000 show what the runtime costs alone and how the cost grows with the list.
    var cold: [(total: Int, millis: String, memory: String, privateMemory: String)] = []
    for total in [0, 1_000, 10_000] {
        let run = await coldStart(total: total)
        cold.append((total, run.millis, run.memory, run.privateMemory))
    }
    print("logEvent with 10 listening campaigns (SDK: logEvent + waitUntilIdle; engine: TriggerEngine.log)")
    print("campaigns | events/s (SDK) | p50 µs | p99 µs | engine µs/event")
    for row in rows {
        print(String(format: "%9d | %14.0f | %6.1f | %6.1f | %15.3f", row.campaigns, row.throughput, row.p50, row.p99, row.engineMicros))
    }
    for run in cold {
        print("cold start with \(run.total) cached campaigns: \(run.millis) ms, peak memory \(run.memory) MiB "
              + "(private at most \(run.privateMemory) MiB)")
    }
    let ratio = (1 / rows[2].throughput) / (1 / rows[0].throughput)
    print(String(format: "ratio per-event cost 10000:10 = %.2f", ratio))
case "engine-only":
    // The pure engine at each size, for profiling: µs per event.
    for total in [10, 10_000] {
        var engine = TriggerEngine()
        _ = engine.load(campaigns(total: total, listening: 10)) { _ in true }
        let event = Event.custom("target", attributes: ["level": .integer(5)])
        let start = ContinuousClock.now
        for _ in 0..<100_000 { _ = engine.log(event) { _ in true } }
        print(total, String(format: "%.3f µs/event", seconds(start) / 100_000 * 1e6))
    }
case "cold-start-seed":
    // Stores 10,000 campaigns in a directory and keeps it, to profile `cold-start-child` on it.
    guard let path = arguments.dropFirst().first else { break }
    await seedCampaigns(directory: URL(fileURLWithPath: path), total: 10_000)
case "cold-start-child":
    guard let path = arguments.dropFirst().first else { break }
    await coldStartChild(directory: URL(fileURLWithPath: path))
case "inbox":
    await inboxBenchmark(total: 10_000)
case "regex":
    regexBenchmark()
case "sdk-ping-body":
    guard let userID = arguments.dropFirst().first, let body = await sdkPingBody(userID: userID) else { break }
    FileHandle.standardOutput.write(body)
case "inbox-seed":
    // Stores the inbox in a directory and keeps it, to profile `inbox-child` on it.
    guard let path = arguments.dropFirst().first else { break }
    _ = await seedInbox(directory: URL(fileURLWithPath: path), total: 10_000)
case "inbox-child":
    guard let path = arguments.dropFirst().first else { break }
    await inboxChild(directory: URL(fileURLWithPath: path))
default:
    print("usage: marquee-bench engine | engine-only | cold-start-seed DIR | cold-start-child DIR | inbox | regex | sdk-ping-body USER_ID")
}
