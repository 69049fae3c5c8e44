import Foundation

/// The live channel as the SDK holds it: its rules (``LiveChannelState``), the parser of the
/// connection being read, and the task reading it, which closing the channel cancels. Each
/// connection starts with a parser of its own; what the server said last (`Last-Event-ID`, its
/// `retry` hint) outlives the connection.
struct LiveChannel: Sendable {
    private(set) var state = LiveChannelState()
    private var parser = ServerSentEventParser()
    private var reader: Task<Void, Never>?

    var isOpen: Bool { state.isOpen }
    var generation: Int { state.generation }
    var lastEventID: String? { state.lastEventID }

    func wanted(isActive: Bool, isInForeground: Bool, isTurnedOn: Bool, hasEndpoint: Bool) -> Bool {
        state.wanted(isActive: isActive, isInForeground: isInForeground, isTurnedOn: isTurnedOn, hasEndpoint: hasEndpoint)
    }

    /// A connection starts at `now`: the one before it stops, and bytes it left half-read are
    /// forgotten. Returns the new connection's generation.
    mutating func open(at now: Date) -> Int {
        reader?.cancel()
        reader = nil
        parser = ServerSentEventParser()
        return state.opened(at: now)
    }

    /// `task` reads the connection just opened.
    mutating func read(with task: Task<Void, Never>) {
        reader = task
    }

    /// Reads `data` of the current connection: its complete events, noting the server's `retry`
    /// hint and the last event's id. Throws when the stream breaks its limits.
    mutating func feed(_ data: Data) throws -> [ServerSentEvent] {
        let events = try parser.feed(data)
        state.heard(retryMillis: parser.retryMillis)
        // A new connection's parser starts without an id: the last one heard stands until it sends one.
        if let id = parser.lastEventID { state.lastEventID = id }
        return events
    }

    /// Connection `generation` ended at `now`; returns whether it was the current one (see
    /// ``LiveChannelState/closed(_:at:failed:refused:)``).
    mutating func closed(_ generation: Int, at now: Date, failed: Bool, refused: Bool = false) -> Bool {
        guard state.closed(generation, at: now, failed: failed, refused: refused) else { return false }
        reader = nil
        return true
    }

    /// The app closed the channel (background, turned off): its reader stops, nothing is retried.
    mutating func closeByApp() {
        state.closedByApp()
        reader?.cancel()
        reader = nil
    }

    /// The configuration was fetched anew: a refusal is forgotten.
    mutating func configurationChanged() {
        state.configurationChanged()
    }

    /// The wait before the next connection; `unit` is a random number in `0..<1`.
    func reconnectDelay(unit: Double) -> TimeInterval {
        state.reconnectDelay(unit: unit)
    }

    /// Stops reading for good (the SDK instance is going away).
    func stop() {
        reader?.cancel()
    }
}
