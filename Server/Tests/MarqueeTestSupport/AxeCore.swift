import Foundation

/// axe-core, the accessibility checker, as PyPI's `axe-playwright-python` ships it (`axe.min.js`):
/// browser tests inject it into a page and its frames and read what it finds. Like the other
/// outside tools, a test that needs it is skipped with its reason where it is not installed, and
/// run on CI, where `.ci/run` installs it and its absence must fail.
public enum AxeCore {
    /// `pip install axe-playwright-python`, for the messages.
    public static let installHint = "install it with pip install --no-deps axe-playwright-python (or set MARQUEE_AXE_JS to an axe.min.js)"

    /// The script's path: `MARQUEE_AXE_JS`, or the copy in the Python package.
    public static let location: URL? = {
        if let path = ProcessInfo.processInfo.environment["MARQUEE_AXE_JS"], FileManager.default.fileExists(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Found without importing the package: only its copy of axe-core is needed, not Playwright.
        python.arguments = ["python3", "-c", "import importlib.util, os; spec = importlib.util.find_spec('axe_playwright_python'); "
                            + "print(os.path.join(spec.submodule_search_locations[0], 'axe.min.js'))"]
        let output = Pipe()
        python.standardOutput = output
        python.standardError = FileHandle.nullDevice
        guard (try? python.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return python.terminationStatus == 0 && FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }()

    /// Whether tests that need it should run: it is installed, or CI requires it (and they fail).
    public static var isEnabled: Bool { location != nil || HeadlessChromium.isRequired }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "axe-core is not installed: \(AxeCore.installHint)" }
    }

    /// The script's source; throws ``Missing`` when it is not installed.
    public static func source() throws -> String {
        guard let location else { throw Missing() }
        return try String(contentsOf: location, encoding: .utf8)
    }
}
