import Foundation
import MarqueeModel
import MarqueeWire

/// What the live channel tells a device (`GET /v1/live`), as Server-Sent Events.
enum LiveEvent: Sendable, Equatable {
    /// The app's campaigns changed: ping again within `spread` seconds, at a random moment, so a
    /// change does not bring every device at once. The event's id is the catalog version, which a
    /// reconnecting device names in `Last-Event-ID`.
    case catalog(version: Int, spread: Int)
    /// Show this campaign now, as a preview (a paired device).
    case preview(LivePreview)
    /// Start or stop sending the SDK's decisions for a debug session (a paired device).
    case debug(LiveDebug)
    /// The pairing ended: the device no longer holds its channel for it.
    case unpaired(LiveUnpaired)

    /// The event as it goes on the wire: named, one `data` line of JSON.
    var frame: String {
        switch self {
        case .catalog(let version, let spread):
            return "id: \(version)\n" + Self.frame(.catalog, LiveCatalog(version: version, spread: spread))
        case .preview(let preview):
            return Self.frame(.preview, preview)
        case .debug(let debug):
            return Self.frame(.debug, debug)
        case .unpaired(let unpaired):
            return Self.frame(.unpaired, unpaired)
        }
    }

    private static func frame(_ name: LiveEventName, _ value: some Encodable) -> String {
        // JSON never holds a raw line break, so one `data` line carries it whole.
        let json = (try? MarqueeJSON.encoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name.rawValue)\ndata: \(json)\n\n"
    }

    /// Sent first on every connection: how long to wait before reconnecting, in milliseconds, and
    /// a comment long enough that a client's URL loading, which may hold back an answer's first
    /// 512 bytes to sniff its type, hands the events on as they come.
    static func opening(retryMillis: Int) -> String {
        "retry: \(retryMillis)\n: connected\n:" + String(repeating: " ", count: 1024) + "\n\n"
    }

    /// Keeps proxies and the device's network from ending a quiet connection; devices ignore it.
    static let heartbeat = ": heartbeat\n\n"
}
