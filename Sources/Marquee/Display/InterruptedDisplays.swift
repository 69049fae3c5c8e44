/// The displays the last launch left on screen (the app was killed), waiting for a delegate to
/// hear that they ended as ``DisplayResolution/interrupted``.
struct InterruptedDisplays: Sendable {
    private(set) var messages: [InAppMessage] = []

    var isEmpty: Bool { messages.isEmpty }

    mutating func add(_ message: InAppMessage) {
        messages.append(message)
    }

    /// The displays to report now; none wait after.
    mutating func take() -> [InAppMessage] {
        defer { messages = [] }
        return messages
    }

    /// Displays that could not be reported (no delegate yet) wait again, before any collected since.
    mutating func putBack(_ unreported: [InAppMessage]) {
        messages = unreported + messages
    }
}
