import Foundation
import MarqueeModel
import Testing

/// Drives the real `marquee simulate` executable with a script against a live server.
@Suite("marquee simulate")
struct SimulatorCLITests {
    /// The `marquee` executable built next to this test bundle.
    static func marqueeExecutable() throws -> URL {
        let candidates = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            .compactMap { $0 }
            .flatMap { [$0, $0.deletingLastPathComponent()] }
            .map { $0.appendingPathComponent("marquee") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "the marquee executable was not built; looked in \(candidates.map(\.path))")
    }

    /// Runs the simulator with `script` on standard input and returns everything it printed.
    static func simulate(_ script: [String], server: LiveServer, subscription: String = "demo-subscription",
                         extraArguments: [String] = []) async throws -> String {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let process = Process()
        process.executableURL = try marqueeExecutable()
        process.arguments = ["simulate", "--server", server.baseURL.absoluteString, "--subscription", subscription,
                             "--storage", storage.path, "--width", "60", "--no-color"] + extraArguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data((script.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        // The server under test runs in this process on Swift's cooperative threads, so the blocking
        // read happens on a Dispatch thread; a deadline bounds a hung run.
        let deadline = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: deadline)
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: data)
            }
        }
        deadline.cancel()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "simulate exited with \(process.terminationStatus):\n\(text)")
        return text
    }

    /// Runs `body` with a demo server and stops the server afterwards, also when `body` throws.
    static func withDemoServer(_ body: (LiveServer) async throws -> Void) async throws {
        let server = try await LiveServer.start(seedsDemo: true)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func theInboxIsListedOpenedAndClickedFromAScript() async throws {
        try await Self.withDemoServer { server in
            struct Apps: Decodable { var items: [LiveServer.CreatedApp] }
            let apps = try MarqueeJSON.decoder().decode(Apps.self, from: try await server.admin("GET", "api/v1/apps"))
            let demo = try #require(apps.items.first { $0.subscriptionID == "demo-subscription" })
            let id = try await server.sendInbox(demo, to: ["ada"], title: "Spring catalogue",
                                                mainAction: InboxAction(.browser, url: "https://shop.example.com/spring"))
            let output = try await Self.simulate(["inbox", "inbox open 1", "inbox click 1", "inbox", "inbox open 5", "quit"],
                                                 server: server, extraArguments: ["--user", "ada"])
            #expect(output.contains("Inbox (1 unread)"), "\(output)")
            #expect(output.contains("● 1. Spring catalogue"))
            #expect(output.contains("Body of Spring catalogue"))
            #expect(output.contains("(opening https://shop.example.com/spring)"))
            #expect(output.contains("Inbox (0 unread)"), "opening marks it read")
            #expect(output.contains("! no message 5"))
            let stats = try await server.inboxStats(demo, id: id)
            #expect((stats.read, stats.opened, stats.clicked) == (1, 1, 1))
        }
    }

    @Test func theDemoTourRunsFromAScript() async throws {
        try await Self.withDemoServer { server in
        let output = try await Self.simulate([
            "close",
            "login",
            "close",
            "event purchase amount=10 currency=EUR",
            "button 1",
            "custom level_up level=3",
            "optout",
            "button 1",
            "queue",
            "view cart.button",
            "tooltip close",
            "cache",
            "user ada",
            "status",
            "bogus",
            "quit",
        ], server: server)

        // The app start logged at launch shows the demo's launch modal at once.
        let welcomeShown = try #require(output.range(of: "Welcome, friend!"), "\(output)")
        #expect(output.range(of: "> close")!.lowerBound > welcomeShown.lowerBound)
        #expect(output.contains("(Welcome to Marquee finished: userDismissed)"))
        #expect(output.contains("Signed in"), "login shows the banner")
        #expect(output.contains("Thank you for your order"), "a EUR purchase shows the slide-up")
        #expect(output.contains("→ Rate now: opens https://example.com/rate in the browser"))
        #expect(output.contains("Level up!"), "a placeholder without a value shows its fallback")
        #expect(output.contains("! this message has no \"don't show again\" box"))
        #expect(output.contains("→ Claim reward: closes the message, logs event reward_claimed"))
        #expect(output.contains("queue: empty"))
        #expect(output.contains("Your cart lives here"), "the tooltip shows when its element appears")
        #expect(output.contains("(Cart tooltip finished: userDismissed)"))
        #expect(output.contains("Welcome to Marquee [modal] 2 left"), "one of three impressions used")
        #expect(output.contains("now user ada"))
        #expect(output.contains("user: u:ada"))
        #expect(output.contains("! unknown command 'bogus'; type help"))
        #expect(output.hasSuffix("bye\n"))

        // The simulator's impressions reached the server, once each.
        struct Apps: Decodable { var items: [LiveServer.CreatedApp] }
        struct Campaigns: Decodable { var items: [Campaign] }
        let app = try #require(try MarqueeJSON.decoder().decode(Apps.self, from: await server.admin("GET", "api/v1/apps")).items.first)
        let campaigns = try MarqueeJSON.decoder().decode(Campaigns.self, from: await server.admin("GET", "api/v1/apps/\(app.id)/campaigns")).items
        let welcome = try #require(campaigns.first { $0.name == "Welcome to Marquee" })
        let slideUp = try #require(campaigns.first { $0.name == "Thanks for buying" })
        #expect(try await server.stats(of: welcome, in: app).impressions == 1)
        #expect(try await server.stats(of: welcome, in: app).exits == 1)
        #expect(try await server.stats(of: slideUp, in: app).buttonOneClicks == 1)
        }
    }

    @Test func aPlacementAndASurveyRunFromAScript() async throws {
        try await Self.withDemoServer { server in
            let output = try await Self.simulate(["close", "placement home.top", "placement home.top", "placement home.top",
                                                  "placement home.top", "custom give_feedback", "submit", "answer 1 10",
                                                  "answer 2 1,3", "answer 3 Faster delivery", "submit", "quit"], server: server)
            #expect(output.components(separatedBy: "placement home.top: Home card").count == 4, "shown three times:\n\(output)")
            #expect(output.contains("New this week, friend"))
            #expect(output.contains("(placement home.top shows nothing: no embedded campaign for it is eligible)"),
                    "its three impressions are used up")
            #expect(output.contains("! 'recommend' is required"), "the survey waits for its required question")
            #expect(output.contains("→ sent 3 answers. Thank you!"))
            struct Apps: Decodable { var items: [LiveServer.CreatedApp] }
            let app = try #require(try MarqueeJSON.decoder().decode(Apps.self, from: await server.admin("GET", "api/v1/apps")).items.first)
            let campaigns = try await server.campaigns(in: app)
            let survey = try #require(campaigns.first { $0.name == "Feedback survey" })
            let results = try JSONSerialization.jsonObject(
                with: try await server.admin("GET", "api/v1/apps/\(app.id)/campaigns/\(survey.id)/survey")) as? [String: Any]
            #expect(results?["responses"] as? Int == 1)
            let card = try #require(campaigns.first { $0.name == "Home card" })
            #expect(try await server.stats(of: card, in: app).impressions == 3)
        }
    }

    @Test func pausedMessagesWaitInTheQueue() async throws {
        try await Self.withDemoServer { server in
        let output = try await Self.simulate([
            "close", "pause", "login", "queue", "resume", "queue", "quit",
        ], server: server)
        let queued = try #require(output.range(of: "1. Signed in banner [banner]"), "\(output)")
        let resumed = try #require(output.range(of: "> resume"))
        #expect(queued.lowerBound < resumed.lowerBound, "the banner waited while paused")
        #expect(output[resumed.upperBound...].contains("Signed in"), "it showed after resuming")
        #expect(output[resumed.upperBound...].contains("on screen: Signed in banner"))
        }
    }

    @Test func aPushCarriesAnInAppMessageThatARuleShowsAndOpeningFromAPushLogsTheClick() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "demo-subscription")
            var campaign = CampaignDraft.make("Welcome from the push", triggers: [Trigger(.pushClick)])
            campaign.message.title = "Welcome from the push"
            _ = try await server.createCampaign(campaign, in: app)
            let output = try await Self.simulate([
                #"notification silent {"aps": {"content-available": 1}, "inApp": {"rules": ["offer"], "maxViews": 1, "#
                    + #""template": "default", "content": {"text": "Pizza is half price", "orientation": "top"}}}"#,
                "cache", "rule offer", "close", "rule offer",
                #"notification {"pushId": "spring"}"#, "quit",
            ], server: server)
            #expect(output.contains("held; rule … shows it"), "\(output)")
            #expect(output.contains("held from pushes:") && output.contains("1 views left; on rule:offer"), "\(output)")
            let shown = try #require(output.range(of: "> rule offer"))
            #expect(output[shown.upperBound...].components(separatedBy: "Pizza is half price").count == 2,
                    "rule offer shows the held banner once (maxViews 1): \(output)")
            let opened = try #require(output.range(of: "(push click on spring)"))
            #expect(output[opened.upperBound...].contains("Welcome from the push"), "the push-click campaign shows")
        }
    }

    @MainActor
    @Test func aSessionStartCampaignShowsAfterThirtyOneMinutesInTheBackgroundNotAfterFive() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(
                CampaignDraft.make("Welcome back", triggers: [Trigger(.sessionStart)], maxImpressions: 5), in: app)

            let output = try await Self.simulate([
                "close",
                "background", "wait 5m", "foreground", "queue",
                "background", "wait 31m", "foreground", "queue",
                "quit",
            ], server: server, subscription: app.subscriptionID)

            let firstClose = try #require(output.range(of: "> close"), "\(output)")
            let shortBreak = try #require(output.range(of: "> wait 5m"))
            let longBreak = try #require(output.range(of: "> wait 31m"))
            #expect(output[..<firstClose.lowerBound].contains("Body of Welcome back"), "the launch is a session start")
            let afterShortBreak = output[shortBreak.upperBound..<longBreak.lowerBound]
            #expect(afterShortBreak.contains("(5m later)"))
            #expect(!afterShortBreak.contains("Body of Welcome back"), "five minutes away is the same session")
            #expect(afterShortBreak.contains("on screen: nothing"))
            let afterLongBreak = output[longBreak.upperBound...]
            #expect(afterLongBreak.contains("(31m later)"))
            #expect(afterLongBreak.contains("Body of Welcome back"), "31 minutes away starts a new session")
            #expect(afterLongBreak.contains("on screen: Welcome back"))
        }
    }

    @Test func badArgumentsAreReported() async throws {
        let process = Process()
        process.executableURL = try Self.marqueeExecutable()
        process.arguments = ["simulate", "--server", "not a url", "--subscription", "x"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("--server must be an http(s) URL"))
    }
}
