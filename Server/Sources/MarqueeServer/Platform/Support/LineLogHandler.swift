import Foundation
import Logging

/// Writes each log record to standard output as one line, in one `write`:
/// `[ LEVEL ] message [key: value, …]`, metadata sorted by key.
///
/// The server logs a line for every request, so a record must cost little: the line is built in
/// one string and written without a lock (a single `write` of a line is not interleaved with
/// another's), where a terminal-styled logger builds and flushes fragments per record.
struct LineLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "[ " + event.level.rawValue.uppercased() + " ] " + event.message.description
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        if !merged.isEmpty {
            line += " ["
            for (index, key) in merged.keys.sorted().enumerated() {
                if index > 0 { line += ", " }
                line += key + ": " + merged[key]!.description
            }
            line += "]"
        }
        line += "\n"
        Self.write(line)
    }

    private static func write(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var remaining = UnsafeRawBufferPointer(bytes)
            while !remaining.isEmpty {
                let written = Foundation.write(STDOUT_FILENO, remaining.baseAddress, remaining.count)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
            }
        }
    }
}
