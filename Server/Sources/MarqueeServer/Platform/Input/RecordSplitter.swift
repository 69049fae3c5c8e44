/// Splits bytes into records as they arrive, in chunks of any size: NDJSON lines, or CSV records
/// (RFC 4180: a quoted field may hold commas, doubled quotes and line breaks). Only the record in
/// progress is held, and a record longer than ``maxRecordBytes`` is skipped to its end and
/// reported, so memory stays bounded whatever the input. One pass, no backtracking. A UTF-8
/// byte-order mark at the very start (Excel writes one before a CSV file) is not part of the
/// first record.
struct RecordSplitter {
    enum Format: Sendable {
        case csv, ndjson
    }

    /// A record's bytes (without its line break), or why it has none; `line` is where it starts.
    struct Record: Sendable, Equatable {
        var line: Int
        var bytes: [UInt8]?
    }

    let format: Format
    let maxRecordBytes: Int
    private var current: [UInt8] = []
    private var overflowed = false
    private var inQuotes = false
    /// The line the record in progress starts on, and the line being read.
    private var startLine = 1
    private var line = 1
    /// Bytes of a byte-order mark read at the start so far; `nil` once the start is past.
    private var markBytes: Int? = 0
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(format: Format, maxRecordBytes: Int = 64 * 1024) {
        self.format = format
        self.maxRecordBytes = maxRecordBytes
    }

    /// The records `chunk` completes.
    mutating func feed(_ chunk: some Sequence<UInt8>) -> [Record] {
        var records: [Record] = []
        for byte in chunk {
            if let matched = markBytes {
                // The mark may arrive split across chunks: hold its bytes until it is whole or is not one.
                if byte == Self.byteOrderMark[matched] {
                    markBytes = matched + 1 == Self.byteOrderMark.count ? nil : matched + 1
                    continue
                }
                markBytes = nil
                for held in Self.byteOrderMark.prefix(matched) { read(held, into: &records) }
            }
            read(byte, into: &records)
        }
        return records.filter { $0.bytes.map { !$0.isEmpty } ?? true }
    }

    private mutating func read(_ byte: UInt8, into records: inout [Record]) {
        if byte == UInt8(ascii: "\"") && format == .csv { inQuotes.toggle() }
        if byte == UInt8(ascii: "\n") {
            line += 1
            if !inQuotes {
                records.append(take())
                return
            }
        }
        if current.count < maxRecordBytes { current.append(byte) } else { overflowed = true }
    }

    /// The last record, when the input does not end with a line break.
    mutating func finish() -> [Record] {
        if let matched = markBytes, matched > 0 {
            // Input that is only the start of a mark is text like any other.
            markBytes = nil
            var records: [Record] = []
            for held in Self.byteOrderMark.prefix(matched) { read(held, into: &records) }
        }
        guard !current.isEmpty || overflowed else { return [] }
        return [take()].filter { $0.bytes.map { !$0.isEmpty } ?? true }
    }

    private mutating func take() -> Record {
        if current.last == UInt8(ascii: "\r") { current.removeLast() }
        let record = Record(line: startLine, bytes: overflowed ? nil : current)
        current.removeAll(keepingCapacity: true)
        overflowed = false
        inQuotes = false
        startLine = line
        return record
    }

    /// The fields of one CSV record: quotes removed, doubled quotes made single; `nil` when a
    /// quote is left open or text follows a closing quote. Bytes that are not UTF-8 are replaced
    /// (``csvFieldBytes(_:)`` keeps them, for a reader that refuses them).
    static func csvFields(_ bytes: [UInt8]) -> [String]? {
        csvFieldBytes(bytes)?.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The fields of one CSV record as bytes, read as ``csvFields(_:)`` reads them.
    static func csvFieldBytes(_ bytes: [UInt8]) -> [[UInt8]]? {
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var index = 0
        var quoted = false
        var closed = false
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                        closed = true
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: ",") {
                fields.append(field)
                field.removeAll()
                closed = false
            } else if byte == UInt8(ascii: "\"") && field.isEmpty && !closed {
                quoted = true
            } else if closed {
                return nil
            } else {
                field.append(byte)
            }
            index += 1
        }
        guard !quoted else { return nil }
        fields.append(field)
        return fields
    }
}
