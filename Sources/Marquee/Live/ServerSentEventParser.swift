import Foundation

/// One event of a Server-Sent Events stream.
struct ServerSentEvent: Sendable, Hashable {
    /// The `event` field; `message` when the stream names none.
    var name: String
    var data: String
}

/// Reads a Server-Sent Events stream as it arrives, in chunks split anywhere, after the HTML
/// standard's rules: lines end in LF, CR or CRLF; a blank line dispatches the event; `id` sets the
/// last event id (kept across events), `retry` the reconnection delay; comments (`:`) are
/// skipped. A line longer than ``maxLineBytes``, or an event's data beyond ``maxEventBytes``, is
/// an error, so a broken server cannot make the device buffer without end.
struct ServerSentEventParser: Sendable {
    static let maxLineBytes = 1 << 20
    static let maxEventBytes = 1 << 20

    enum Failure: Error, Equatable {
        case lineTooLong
        case eventTooLarge
    }

    /// The last `id` the stream set; sent back as `Last-Event-ID` on reconnecting.
    private(set) var lastEventID: String?
    /// The last `retry` the stream set, in milliseconds.
    private(set) var retryMillis: Int?

    private var line: [UInt8] = []
    private var sawCR = false
    private var name = ""
    private var data: [String] = []
    private var dataBytes = 0
    private var hasData = false

    /// Feeds the next bytes; returns the events they completed.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if sawCR {
                sawCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                sawCR = byte == 0x0D
                if let event = try endLine() { events.append(event) }
            default:
                guard line.count < Self.maxLineBytes else { throw .lineTooLong }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() throws(Failure) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data":
            dataBytes += value.utf8.count + 1
            guard dataBytes <= Self.maxEventBytes else { throw .eventTooLarge }
            data.append(String(value))
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry": if let millis = Int(value), millis >= 0 { retryMillis = millis }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            name = ""
            data = []
            dataBytes = 0
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
    }
}
