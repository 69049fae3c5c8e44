/// A position in the event log: every event after it comes later in the stream.
///
/// The log is ordered by the writing transaction, then by the row's sequence number, then by the
/// event's place in its row (``EventLog``). On SQLite transactions run one at a time, so
/// `transaction` is 0 and the text is `sequence.index`; on PostgreSQL it is
/// `transaction.sequence.index`; before every event it is `0`. Readers treat it as opaque and send
/// back the last one they got.
struct EventCursor: Sendable, Hashable, Comparable, CustomStringConvertible {
    var transaction: Int64
    var sequence: Int64
    var index: Int

    /// Before every event.
    static let start = EventCursor(transaction: 0, sequence: 0, index: -1)

    init(transaction: Int64, sequence: Int64, index: Int) {
        self.transaction = transaction
        self.sequence = sequence
        self.index = index
    }

    /// Reads a cursor's text; `nil` when it is not one.
    init?(_ text: some StringProtocol) {
        guard text.utf8.count <= 64 else { return nil }
        let numbers = text.split(separator: ".", omittingEmptySubsequences: false).map { Int64($0) }
        guard numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        switch numbers.count {
        case 1 where text == "0": self = .start
        case 2: self.init(transaction: 0, sequence: numbers[0]!, index: Int(numbers[1]!))
        case 3: self.init(transaction: numbers[0]!, sequence: numbers[1]!, index: Int(numbers[2]!))
        default: return nil
        }
    }

    var description: String {
        if self == .start { return "0" }
        return transaction == 0 ? "\(sequence).\(index)" : "\(transaction).\(sequence).\(index)"
    }

    static func < (lhs: EventCursor, rhs: EventCursor) -> Bool {
        (lhs.transaction, lhs.sequence, lhs.index) < (rhs.transaction, rhs.sequence, rhs.index)
    }
}
