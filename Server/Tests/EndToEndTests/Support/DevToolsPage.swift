import Foundation
import MarqueeModel
import MarqueeTestSupport
import NIOConcurrencyHelpers
import Vapor

/// One tab of a headless Chromium, driven over the DevTools protocol the way a person uses it:
/// load a page, type into its fields, press its buttons, read what it shows, take a screenshot.
///
/// Commands go over one WebSocket to the browser, flattened to the tab's session. Every wait is
/// for something on the page to become true, bounded by a deadline that only stops a hung test.
final class DevToolsPage: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: WebSocket
    private let replies: Replies
    private let sessionID: String

    private init(socket: WebSocket, replies: Replies, sessionID: String) {
        self.socket = socket
        self.replies = replies
        self.sessionID = sessionID
    }

    /// Opens a new tab in `browser`.
    static func open(in browser: HeadlessChromium.DevToolsProcess) async throws -> DevToolsPage {
        let replies = Replies()
        let socketBox = NIOLockedValueBox<WebSocket?>(nil)
        // Screenshots arrive as one large message.
        let configuration = WebSocketClient.Configuration(maxFrameSize: 1 << 26)
        try await WebSocket.connect(to: browser.browserEndpoint, configuration: configuration,
                                    on: MultiThreadedEventLoopGroup.singleton) { socket in
            socketBox.withLockedValue { $0 = socket }
            socket.onText { _, text in replies.receive(text) }
        }.get()
        // The connection is up when `connect` returns; the upgrade that hands over the socket may follow a moment later.
        let deadline = ContinuousClock.now + .seconds(30)
        while socketBox.withLockedValue({ $0 }) == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard let socket = socketBox.withLockedValue({ $0 }) else { throw Failure(description: "no DevTools connection") }
        let browserPage = DevToolsPage(socket: socket, replies: replies, sessionID: "")
        let target = try await browserPage.send("Target.createTarget", ["url": .string("about:blank")])
        guard case .string(let targetID)? = target["targetId"] else { throw Failure(description: "no target: \(target)") }
        let attached = try await browserPage.send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)])
        guard case .string(let sessionID)? = attached["sessionId"] else { throw Failure(description: "not attached: \(attached)") }
        let page = DevToolsPage(socket: socket, replies: replies, sessionID: sessionID)
        _ = try await page.send("Page.enable")
        _ = try await page.send("Runtime.enable")
        return page
    }

    func close() async {
        try? await socket.close()
    }

    /// Sends one command and returns its result; a protocol error throws.
    @discardableResult
    func send(_ method: String, _ parameters: [String: JSONValue] = [:]) async throws -> [String: JSONValue] {
        let id = replies.nextID()
        var message: [String: JSONValue] = ["id": .number(Double(id)), "method": .string(method), "params": .object(parameters)]
        if !sessionID.isEmpty { message["sessionId"] = .string(sessionID) }
        let text = String(decoding: try JSONEncoder().encode(JSONValue.object(message)), as: UTF8.self)
        // Bounds a hung browser: the command fails instead of waiting forever.
        let timeout = Task { [replies] in
            try await Task.sleep(for: .seconds(60))
            replies.fail(id, Failure(description: "\(method) got no answer in 60 seconds"))
        }
        defer { timeout.cancel() }
        try await socket.send(text)
        let reply = try await replies.wait(for: id)
        if case .object(let error)? = reply["error"] { throw Failure(description: "\(method) failed: \(error)") }
        guard case .object(let result)? = reply["result"] else { return [:] }
        return result
    }

    /// Navigates to `url`.
    func load(_ url: URL) async throws {
        try await send("Page.navigate", ["url": .string(url.absoluteString)])
    }

    /// Evaluates `expression` in the page and returns its value (awaiting a promise).
    @discardableResult
    func evaluate(_ expression: String) async throws -> JSONValue {
        let parameters: [String: JSONValue] = ["expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true)]
        var result = [String: JSONValue]()
        // A page whose context Chromium is replacing refuses the call before running it, so it is
        // sent again, into the new context.
        for attempt in 1... {
            do {
                result = try await send("Runtime.evaluate", parameters)
                break
            } catch let failure as Failure where attempt < 5 && failure.description.contains("Cannot find context with specified id") {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        if case .object(let details)? = result["exceptionDetails"] {
            throw Failure(description: "\(expression) threw: \(details)")
        }
        guard case .object(let value)? = result["result"] else { return .null }
        return value["value"] ?? .null
    }

    /// Waits until `condition` (a JavaScript expression) is true in the page.
    func waitUntil(_ condition: String, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? await evaluate("Boolean(\(condition))")) == .bool(true) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "the page never had \(condition); \(try await diagnosis())\nit shows: \(try await text())")
    }

    /// What a failed wait reports before the visible text (which logs may cut): the document's
    /// state, the body's data attributes, what its status and alert lines say, and the page's
    /// requests with the time each took.
    private func diagnosis() async throws -> String {
        let summary = try await evaluate("""
            JSON.stringify({ readyState: document.readyState, url: location.href, body: { ...document.body.dataset },
                             says: [...document.querySelectorAll('[role=status], [role=alert]')]
                               .filter((line) => line.textContent.trim() !== '').map((line) => `${line.id}: ${line.textContent.trim()}`),
                             requests: performance.getEntriesByType("resource")
                               .map((entry) => `${Math.round(entry.duration)} ms ${entry.name}`).slice(-20) })
            """)
        guard case .string(let text) = summary else { return "" }
        return text
    }

    /// Types `text` into the field with id `fieldID`, as keyboard input (events included).
    func type(_ text: String, into fieldID: String) async throws {
        try await evaluate("document.getElementById(\(Self.quoted(fieldID))).focus()")
        try await send("Input.insertText", ["text": .string(text)])
    }

    /// Scrolls the element with id `elementID` into view and clicks it where it is on screen.
    func click(_ elementID: String) async throws {
        let box = try await evaluate("""
            (() => { const e = document.getElementById(\(Self.quoted(elementID)));
                     e.scrollIntoView({ block: "center", behavior: "instant" });
                     const r = e.getBoundingClientRect();
                     return [r.x + r.width / 2, r.y + r.height / 2]; })()
            """)
        guard case .array(let point) = box, point.count == 2, case .number(let x) = point[0], case .number(let y) = point[1] else {
            throw Failure(description: "\(elementID) has no box")
        }
        for type in ["mousePressed", "mouseReleased"] {
            try await send("Input.dispatchMouseEvent", ["type": .string(type), "x": .number(x), "y": .number(y),
                                                        "button": .string("left"), "clickCount": .number(1)])
        }
    }

    /// The page's serialized DOM.
    func dom() async throws -> String {
        guard case .string(let html) = try await evaluate("document.documentElement.outerHTML") else { return "" }
        return html
    }

    /// The page's visible text (for failure messages).
    func text() async throws -> String {
        guard case .string(let text) = try await evaluate("document.body ? document.body.innerText : ''") else { return "" }
        return text
    }

    /// Saves a screenshot of the viewport as `.build/test-artifacts/screenshots/<name>.png`, for
    /// people to look at after a run (CI keeps `.build/`).
    func saveScreenshot(_ name: String) async throws {
        let result = try await send("Page.captureScreenshot", ["format": .string("png")])
        guard case .string(let base64)? = result["data"], let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot data")
        }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        try data.write(to: Self.artifacts.appendingPathComponent("\(safe).png"))
    }

    /// `.build/test-artifacts/screenshots` of this package.
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/test-artifacts/screenshots", isDirectory: true)

    /// How many pixels of `color` the viewport shows once at least `wanted` do, or after 20 seconds
    /// (a frame paints a moment after its load event; the bound only stops a hung test).
    func pixels(of color: PNGImage.Pixel, tolerance: Int = 12, wanted: Int) async throws -> Int {
        var count = 0
        let deadline = ContinuousClock.now + .seconds(20)
        repeat {
            count = try await screenshot().count(of: color, tolerance: tolerance)
            if count >= wanted { break }
            try await Task.sleep(for: .milliseconds(200))
        } while ContinuousClock.now < deadline
        return count
    }

    /// A screenshot of the viewport, decoded.
    func screenshot() async throws -> PNGImage {
        try PNGImage(data: try await screenshotPNG())
    }

    /// A screenshot of the viewport, as PNG bytes (for tools that read images).
    func screenshotPNG() async throws -> Data {
        let result = try await send("Page.captureScreenshot", ["format": .string("png")])
        guard case .string(let base64)? = result["data"], let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot data")
        }
        return data
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}

/// Replies to commands, matched by id; a reply that arrives first waits for its command.
private final class Replies: Sendable {
    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<[String: JSONValue], any Error>] = [:]
        var arrived: [Int: [String: JSONValue]] = [:]
    }

    private let state = NIOLockedValueBox(State())

    func nextID() -> Int {
        state.withLockedValue { $0.nextID += 1; return $0.nextID }
    }

    func receive(_ text: String) {
        guard case .object(let message)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
              case .number(let number)? = message["id"] else { return } // events are not replies
        let id = Int(number)
        let continuation = state.withLockedValue { state in
            if let continuation = state.waiting.removeValue(forKey: id) { return Optional(continuation) }
            state.arrived[id] = message
            return nil
        }
        continuation?.resume(returning: message)
    }

    /// Ends the wait for `id` with `error` (a reply that never came).
    func fail(_ id: Int, _ error: any Error) {
        let continuation = state.withLockedValue { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(throwing: error)
    }

    func wait(for id: Int) async throws -> [String: JSONValue] {
        try await withCheckedThrowingContinuation { continuation in
            let arrived = state.withLockedValue { state in
                if let message = state.arrived.removeValue(forKey: id) { return Optional(message) }
                state.waiting[id] = continuation
                return nil
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
    }
}
