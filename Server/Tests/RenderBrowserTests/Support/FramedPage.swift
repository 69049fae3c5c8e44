import Foundation
import MarqueeTestSupport
import Testing

/// Loads one rendered message in a frame of a test-owned page in headless Chromium, runs a
/// script against it once it has loaded, and returns what the script found.
///
/// The script is the body of an `async` function of `page` (the message's document) and `frame`
/// (its window); what it returns is encoded as JSON and decoded as `Result`.
enum FramedPage {
    static func run<Result: Decodable>(_ html: String, width: Int = 600, height: Int = 800, script: String,
                                       in browser: HeadlessChromium, as: Result.Type = Result.self) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-framed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try html.write(to: directory.appendingPathComponent("message.html"), atomically: true, encoding: .utf8)
        let harness = """
            <!DOCTYPE html><html><body style="margin: 0">
            <iframe id="message" src="message.html" style="width: \(width)px; height: \(height)px; border: 0"></iframe>
            <div id="result"></div>
            <script>
            const probe = async (page, frame) => { \(script) };
            document.getElementById("message").addEventListener("load", async () => {
              const frame = document.getElementById("message").contentWindow;
              let outcome;
              try { outcome = { value: await probe(frame.document, frame) }; } catch (error) { outcome = { error: String(error) }; }
              document.getElementById("result").setAttribute("data-result", btoa(unescape(encodeURIComponent(JSON.stringify(outcome)))));
            });
            </script>
            </body></html>
            """
        let harnessURL = directory.appendingPathComponent("harness.html")
        try harness.write(to: harnessURL, atomically: true, encoding: .utf8)
        let dom = try await browser.dumpDOM(of: harnessURL, workDirectory: directory)
        let start = try #require(dom.range(of: "data-result=\""), "the harness wrote a result: \(dom.prefix(1_000))")
        let end = try #require(dom[start.upperBound...].firstIndex(of: "\""))
        let data = try #require(Data(base64Encoded: String(dom[start.upperBound..<end])))
        let outcome = try JSONDecoder().decode(Outcome<Result>.self, from: data)
        if let error = outcome.error { Issue.record("the script failed: \(error)") }
        return try #require(outcome.value)
    }

    /// What the script returned, or why it failed.
    private struct Outcome<Value: Decodable>: Decodable {
        var value: Value?
        var error: String?
    }
}
