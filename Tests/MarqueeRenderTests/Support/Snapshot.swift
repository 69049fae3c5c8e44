import Foundation
import Testing

/// Compares text with a file in `__Snapshots__` next to the calling test file.
///
/// A missing snapshot is written and the test fails, so CI can never pass on a snapshot nobody
/// has looked at. With `MARQUEE_RECORD_SNAPSHOTS=1` every snapshot is rewritten, and the ones
/// that changed fail once so the change is noticed; commit them and run the tests again.
enum Snapshot {
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["MARQUEE_RECORD_SNAPSHOTS"] == "1"
    }

    static func assertMatches(_ actual: String, named name: String, filePath: String = #filePath,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__", isDirectory: true)
        let file = directory.appendingPathComponent(name)
        let expected = try? String(contentsOf: file, encoding: .utf8)

        if expected == nil || isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("Could not write snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
                return
            }
            if expected == nil {
                Issue.record("Snapshot \(name) was missing and has been recorded; review it and run again.",
                             sourceLocation: sourceLocation)
            } else if expected != actual {
                Issue.record("Snapshot \(name) changed and has been re-recorded; review the diff.",
                             sourceLocation: sourceLocation)
            }
            return
        }

        guard let expected, expected != actual else { return }
        let difference = firstDifference(expected, actual)
        Issue.record("""
            Snapshot \(name) does not match.
            \(difference)
            Run with MARQUEE_RECORD_SNAPSHOTS=1 to re-record if the change is intended.
            """, sourceLocation: sourceLocation)
    }

    /// The first line that differs, for a readable failure.
    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let old = index < expectedLines.count ? expectedLines[index] : "<end of file>"
            let new = index < actualLines.count ? actualLines[index] : "<end of file>"
            if old != new { return "line \(index + 1):\n  expected: \(old)\n  actual:   \(new)" }
        }
        return "(no line differs)"
    }
}
