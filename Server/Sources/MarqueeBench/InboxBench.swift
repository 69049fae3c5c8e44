import Foundation
import Marquee
import MarqueeModel

// marquee-bench inbox: a fresh SDK whose storage holds a 10,000-message App Inbox, timed from its
// creation to `inbox.messages` returning them, in a child process so its peak memory is its own.

/// `count` realistic inbox messages: a title, a body of two sentences, an image on half, a deep
/// link, a button on a third, custom data on a quarter, an expiry (60 days on) on a fifth; a third
/// read. The same content as the server's sync-size test and `scripts/bench-inbox`.
func inboxMessages(count: Int, now: Date) -> [InboxMessage] {
    let topics = ["Your order #%d has shipped", "Spring sale: item %d is 30%% off", "Your invoice %d is ready",
                  "New reply in thread %d", "Reminder: appointment %d tomorrow"]
    return (0..<count).map { index in
        let title = String(format: topics[index % topics.count], 10_000 + index)
        let body = "Good news: everything about item \(index) is ready for you. Open the app to see the details, "
            + "change your preferences or get in touch with our team; we answer within a day."
        let content = InboxContent(
            title: title, body: body,
            imageURL: index % 2 == 0 ? "https://cdn.example.com/inbox/\(index)/hero.png" : nil,
            mainAction: InboxAction(.deepLink, url: "myapp://inbox/\(index)"),
            buttons: index % 3 == 0 ? [InboxButton(title: "Track", action: InboxAction(.browser, url: "https://example.com/track/\(index)"))] : [],
            customData: index % 4 == 0 ? ["category": .string("orders"), "priority": .number(Double(index % 3))] : [:])
        let id = String(format: "%08x-0000-4000-8000-%012x", index, index * 7_919)
        return InboxMessage(id: id, content: content, deliveredAt: now.addingTimeInterval(-Double(count - index) * 60),
                            expiresAt: index % 5 == 0 ? now.addingTimeInterval(60 * 86_400) : nil, isRead: index % 3 == 0)
    }
}

func makeInboxSDK(directory: URL, transport: any HTTPTransport) -> MarqueeSDK {
    let environment = MarqueeEnvironment(
        clock: ManualClock(), transport: transport, storageDirectory: directory,
        app: AppInfo(appID: "bench", appVersion: "1.0.0", locale: "en", deviceID: "bench-device"),
        buildConfiguration: BuildConfiguration())
    let sdk = MarqueeSDK(environment: environment)
    sdk.registerPreference(InboxBenchUser())
    return sdk
}

/// The child: creates the SDK, configures it offline and reads the inbox; prints
/// "<milliseconds> <peak resident MiB> <messages> <peak private MiB>" (see ``ProcessMemory``).
func inboxChild(directory: URL) async {
    let memoryAtStart = ProcessMemory.now()
    let start = ContinuousClock.now
    let sdk = makeInboxSDK(directory: directory, transport: OfflineTransport())
    sdk.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
    let messages = await sdk.inbox.messages
    let elapsed = seconds(start) * 1000
    let memory = ProcessMemory.now()
    print(String(format: "%.2f %.1f %d %.1f", elapsed, memory.peakResident, messages.count, memory.peakPrivate(since: memoryAtStart)))
}

/// What storing the inbox cost in the setup process.
struct InboxSetup {
    var synced: Int
    var syncMillis: Double
    var markReadMillis: Double
}

/// Setup: an SDK on `directory` fetches the whole inbox once (pages of 500) and stores it, then
/// marks one message read (which writes the store again). `nil` when a step fails.
func seedInbox(directory: URL, total: Int) async -> InboxSetup? {
    let messages = inboxMessages(count: total, now: ManualClock().now)
    do {
        let seeder = makeInboxSDK(directory: directory, transport: try InboxBenchServer(messages: messages))
        seeder.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
        await seeder.waitUntilIdle()
        let syncStart = ContinuousClock.now
        let synced = try await seeder.inbox.fetch()
        let syncMillis = seconds(syncStart) * 1000
        let readStart = ContinuousClock.now
        try await seeder.inbox.markRead([messages[1].id])
        return InboxSetup(synced: synced.count, syncMillis: syncMillis, markReadMillis: seconds(readStart) * 1000)
    } catch {
        print("setup failed: \(error)")
        return nil
    }
}

func inboxBenchmark(total: Int) async {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-bench-inbox-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let setup = await seedInbox(directory: directory, total: total) else { return }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let storeBytes = files.filter { $0.hasPrefix("inbox-") }
        .compactMap { try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int }
        .reduce(0, +)

    var runs: [(millis: String, memory: String, count: String, privateMemory: String)] = []
    for _ in 0..<3 {
        let output = runChild(["inbox-child", directory.path])
        let parts = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        func part(_ index: Int) -> String { parts.count > index ? parts[index] : "n/a" }
        runs.append((part(0), part(1), part(2), part(3)))
    }
    print("App Inbox of \(total) messages (store: \(storeBytes) bytes on disk)")
    print(String(format: "setup: full sync of %d messages in %d pages, applied and stored: %.1f ms", setup.synced,
                 (total + InboxBenchServer.pageSize - 1) / InboxBenchServer.pageSize, setup.syncMillis))
    print(String(format: "markRead of one message (the store is written again): %.1f ms", setup.markReadMillis))
    for (index, run) in runs.enumerated() {
        print("launch \(index + 1): SDK created → configure → inbox.messages returned \(run.count) messages in \(run.millis) ms, "
              + "peak memory \(run.memory) MiB (private at most \(run.privateMemory) MiB)")
    }
}
