import Foundation

/// Finds a Chromium build and runs it headless, for the browser tests of every test target.
///
/// The browser is looked up once: `MARQUEE_CHROMIUM` (a path) when set, else `chromium`,
/// `chromium-browser`, `google-chrome-stable` or `google-chrome` on `PATH`. Tests that need it
/// use ``isEnabled`` so they are skipped on a machine without a browser, except on CI (`CI` set),
/// where the setup installs Debian's `chromium` and a missing browser must fail rather than hide.
///
/// Two ways to run it: a one-shot load that dumps the DOM or takes a screenshot (virtual time,
/// nothing typed), or ``launchWithDevTools(workDirectory:width:height:timeout:)``, a running
/// browser that a test drives over the DevTools protocol (typing into forms, clicking).
public struct HeadlessChromium: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notFound
        case timedOut(after: Duration, stderr: String)
        case failed(status: Int32, stderr: String)

        public var description: String {
            switch self {
            case .notFound:
                "No Chromium found (CI is set, so the browser tests must run): install Debian's chromium "
                    + "package or point MARQUEE_CHROMIUM at a Chromium executable."
            case .timedOut(let limit, let stderr):
                "Chromium did not finish within \(limit) and was killed.\n\(stderr)"
            case .failed(let status, let stderr):
                "Chromium exited with status \(status).\n\(stderr)"
            }
        }
    }

    /// The browser executable.
    public let executable: URL

    /// The browser found on this machine, if any.
    public static let located: URL? = locate(environment: ProcessInfo.processInfo.environment)

    /// Whether a missing browser is a failure (on CI) rather than a reason to skip.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Whether browser tests should run: a browser was found, or CI requires one (and they fail).
    public static var isEnabled: Bool { located != nil || isRequired }

    /// The located browser; throws ``Failure/notFound`` when there is none.
    public static func require() throws -> HeadlessChromium {
        guard let located else { throw Failure.notFound }
        return HeadlessChromium(executable: located)
    }

    private static func locate(environment: [String: String]) -> URL? {
        let fileManager = FileManager.default
        if let override = environment["MARQUEE_CHROMIUM"], !override.isEmpty {
            return fileManager.isExecutableFile(atPath: override) ? URL(fileURLWithPath: override) : nil
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"] {
            for directory in directories {
                let path = "\(directory)/\(name)"
                if fileManager.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
            }
        }
        return nil
    }

    /// Loads `page` headless and returns the serialized DOM once the page has had
    /// `virtualTimeBudget` milliseconds of virtual time (timers run on virtual time, so the run
    /// does not wait for them in real time).
    ///
    /// Each run has its own profile under `workDirectory`, so runs never share state or a profile
    /// lock. Every host name but the loopback address fails to resolve: a page under test can load
    /// local files and a server on 127.0.0.1 only, and remote images fail at once instead of
    /// waiting on the network. The process is killed when it outlives `timeout`.
    public func dumpDOM(of page: URL, workDirectory: URL, virtualTimeBudget: Int = 10_000,
                        timeout: Duration = .seconds(120)) async throws -> String {
        let output = try await run(["--dump-dom"], page: page, workDirectory: workDirectory,
                                   virtualTimeBudget: virtualTimeBudget, timeout: timeout)
        return try String(contentsOf: output, encoding: .utf8)
    }

    /// Loads `page` like ``dumpDOM(of:workDirectory:virtualTimeBudget:timeout:)`` and returns what
    /// a person would see in a `width` × `height` window: a PNG screenshot, decoded.
    public func screenshot(of page: URL, width: Int = 1280, height: Int = 1024, workDirectory: URL,
                           virtualTimeBudget: Int = 10_000, timeout: Duration = .seconds(120)) async throws -> PNGImage {
        let file = workDirectory.appendingPathComponent("screenshot.png")
        // The final frame of every entrance animation, whenever the budget runs out.
        _ = try await run(["--screenshot=\(file.path)", "--window-size=\(width),\(height)", "--force-prefers-reduced-motion"], page: page,
                          workDirectory: workDirectory, virtualTimeBudget: virtualTimeBudget, timeout: timeout)
        return try PNGImage(data: Data(contentsOf: file))
    }

    /// The flags every run shares: headless, isolated, loopback only.
    private static func commonArguments(workDirectory: URL) -> [String] {
        [
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-dev-shm-usage",
            "--mute-audio",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1280,1024",
            "--allow-file-access-from-files",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            // Keep cross-origin frames (the dashboard's sandboxed preview) in the page's process:
            // headless virtual time does not drive the rendering of out-of-process frames, which
            // then stay unpainted and never fire `load`. What the frame may do is unchanged.
            "--disable-site-isolation-trials",
            "--disable-features=IsolateOrigins,site-per-process",
            "--user-data-dir=\(workDirectory.appendingPathComponent("profile").path)",
        ]
    }

    /// A browser left running with the DevTools protocol on a loopback port, for tests that must
    /// act in a page (type into a form, press a button) rather than only load it.
    public struct DevToolsProcess: Sendable {
        /// `ws://127.0.0.1:PORT/devtools/browser/ID`: the browser's DevTools endpoint.
        public let browserEndpoint: URL
        let process: Process

        /// Stops the browser (and waits for it).
        public func stop() async {
            guard process.isRunning else { return }
            process.terminate()
            let grace = ContinuousClock.now + .seconds(3)
            while process.isRunning, ContinuousClock.now < grace {
                try? await Task.sleep(for: .milliseconds(25))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Starts the browser on `about:blank` with DevTools on a free loopback port, in a
    /// `width` × `height` window, and returns once the endpoint is known. Call
    /// ``DevToolsProcess/stop()`` when done.
    public func launchWithDevTools(workDirectory: URL, width: Int = 1280, height: Int = 1024,
                                   timeout: Duration = .seconds(60)) async throws -> DevToolsProcess {
        let errors = workDirectory.appendingPathComponent("chromium-stderr.txt")
        try Data().write(to: errors)
        let stderr = try FileHandle(forWritingTo: errors)
        let process = Process()
        process.executableURL = executable
        process.arguments = Self.commonArguments(workDirectory: workDirectory) + [
            "--window-size=\(width),\(height)",
            // Port 0: the browser picks a free one and writes it to DevToolsActivePort in the profile.
            "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1",
            "about:blank",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        try? stderr.close()

        let portFile = workDirectory.appendingPathComponent("profile/DevToolsActivePort")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8) {
                let lines = text.split(separator: "\n").map(String.init)
                if lines.count >= 2, let port = Int(lines[0]), let endpoint = URL(string: "ws://127.0.0.1:\(port)\(lines[1])") {
                    return DevToolsProcess(browserEndpoint: endpoint, process: process)
                }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        if !process.isRunning {
            throw Failure.failed(status: process.terminationStatus, stderr: Self.tail(of: errors))
        }
        await DevToolsProcess(browserEndpoint: portFile, process: process).stop()
        throw Failure.timedOut(after: timeout, stderr: Self.tail(of: errors))
    }

    /// Runs the browser on `page` with `options` in one of ``TestSlots/browsers`` (with the
    /// DevTools browsers, never more than its limit at once); returns the file holding its
    /// standard output.
    private func run(_ options: [String], page: URL, workDirectory: URL, virtualTimeBudget: Int,
                     timeout: Duration) async throws -> URL {
        await TestSlots.browsers.acquire()
        do {
            let output = try await runNow(options, page: page, workDirectory: workDirectory, virtualTimeBudget: virtualTimeBudget,
                                          timeout: timeout)
            await TestSlots.browsers.release()
            return output
        } catch {
            await TestSlots.browsers.release()
            throw error
        }
    }

    private func runNow(_ options: [String], page: URL, workDirectory: URL, virtualTimeBudget: Int,
                        timeout: Duration) async throws -> URL {
        let output = workDirectory.appendingPathComponent("chromium-stdout.html")
        let errors = workDirectory.appendingPathComponent("chromium-stderr.txt")
        try Data().write(to: output)
        try Data().write(to: errors)
        let stdout = try FileHandle(forWritingTo: output)
        let stderr = try FileHandle(forWritingTo: errors)
        defer {
            try? stdout.close()
            try? stderr.close()
        }

        let process = Process()
        process.executableURL = executable
        // A later `--window-size` in `options` wins over the default one.
        process.arguments = Self.commonArguments(workDirectory: workDirectory) + [
            "--virtual-time-budget=\(virtualTimeBudget)",
        ] + options + [page.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()

        // Polling keeps this free of blocking waits on the test's executor; the limit only stops
        // a hung browser and is never part of what a test asserts.
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(25))
        }
        if process.isRunning {
            process.terminate()
            let grace = ContinuousClock.now + .seconds(3)
            while process.isRunning, ContinuousClock.now < grace {
                try? await Task.sleep(for: .milliseconds(25))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw Failure.timedOut(after: timeout, stderr: Self.tail(of: errors))
        }
        guard process.terminationStatus == 0 else {
            throw Failure.failed(status: process.terminationStatus, stderr: Self.tail(of: errors))
        }
        return output
    }

    /// The last lines of Chromium's log, for failure messages.
    private static func tail(of file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(20).joined(separator: "\n")
    }
}
