import Foundation
import MarqueeModel
@testable import MarqueeServer
import Testing

/// The event log's rows and the stream's lines are written by ``JSONWriter``: byte for byte what
/// `JSONEncoder` with ``MarqueeJSON``'s settings writes, and read back as the same values.
@Suite("JSON writer")
struct JSONWriterTests {
    static let awkward = ["", "plain", "quote \" and backslash \\", "slash / and \u{7F}", "tab\tnew\nline\r",
                          "bell \u{07} nul \u{00} \u{08} \u{0C} \u{1F}", "é and ü", "emoji 😀 and 𝄞", "日本語",
                          "line \u{2028} separator", String(repeating: "long ", count: 50),
                          // Orders that differ between bytes, normalized text and case-blind comparison.
                          "e\u{301}", "f", "B", "a", "a10", "a9"]
    static let numbers: [Double] = [0, -0.0, 1, -1, 42, 0.5, -2.25, 0.1, 1e-7, 123456.789, 1e14, 999_999_999_999_999,
                                    1e15, 1.5e20, -3.0e-300, .greatestFiniteMagnitude, Double(Int64.max)]

    static func randomValue(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(numbers.randomElement(using: &generator)!)
        case 3, 4: return .string(awkward.randomElement(using: &generator)!)
        case 5: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                members[awkward.randomElement(using: &generator)!] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    @Test func valuesAreWrittenAsJSONEncoderWritesThemAndReadBackTheSame() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, using: &generator)
            var writer = JSONWriter()
            writer.value(value)
            let expected = try MarqueeJSON.encoder().encode(value)
            #expect(writer.text == String(decoding: expected, as: UTF8.self))
            #expect(try MarqueeJSON.decoder().decode(JSONValue.self, from: Data(writer.bytes)) == value)
        }
    }

    /// The event log reads its rows back with ``JSONScanner/readValue(depth:)``: what it reads is
    /// what `JSONDecoder` reads; it declines only numbers with a fraction or an exponent.
    @Test func scannedValuesAreWhatJSONDecoderReads() throws {
        var generator = SystemRandomNumberGenerator()
        var declined = 0
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, using: &generator)
            var writer = JSONWriter()
            writer.value(value)
            var scanner = JSONScanner(writer.bytes)
            let decoded = try MarqueeJSON.decoder().decode(JSONValue.self, from: Data(writer.bytes))
            if let scanned = scanner.readValue(), scanner.isAtEnd() {
                #expect(scanned == decoded)
            } else {
                declined += 1
                #expect(Self.writesAFraction(value), "declined \(writer.text)")
            }
        }
        #expect(declined < 500)
    }

    /// Whether `value` holds a number written with a fraction or an exponent.
    static func writesAFraction(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .string: false
        case .number(let number): !(number.rounded() == number && abs(number) < 1e15)
        case .array(let items): items.contains(where: writesAFraction)
        case .object(let members): members.values.contains(where: writesAFraction)
        }
    }

    @Test func keysAreSortedAsJSONEncoderSortsThem() throws {
        let members: [String: JSONValue] = ["f": .null, "e\u{301}": .bool(true), "B": .null, "a10": .null, "a9": .null, "a": .null,
                                            "Z": .null, "_": .null]
        var writer = JSONWriter()
        writer.object(members)
        #expect(writer.text == String(decoding: try MarqueeJSON.encoder().encode(JSONValue.object(members)), as: UTF8.self))
    }

    @Test func nonFiniteNumbersAreWrittenAsNull() {
        var writer = JSONWriter()
        writer.array { writer in
            writer.number(.infinity)
            writer.number(.nan)
            writer.number(2)
        }
        #expect(writer.text == "[null,null,2]")
    }

    @Test func datesAreWrittenAsMarqueeJSONFormatsThem() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, 1, 999, 1000, 86_399_999, 86_400_000, 951_782_400_000 /* 2000-02-29 */, 4_107_542_400_000 /* 2100-03-01 */,
                              1_795_876_717_186, 253_402_300_799_999, 253_402_300_800_000, -1, -86_400_001, 300_000_000_000_000]
        let random = (0..<2000).map { _ in Int64.random(in: 0..<253_402_300_800_000, using: &generator) }
        for millis in edges + random {
            var writer = JSONWriter()
            writer.date(millis: millis)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            #expect(writer.text == "\"" + MarqueeJSON.formatDate(date) + "\"", "\(millis)")
        }
    }

    @Test func anNDJSONLineNeedsNoCommaAfterTheOneBeforeIt() {
        var writer = JSONWriter()
        for index in 0..<3 {
            writer.object { writer in
                writer.key("n")
                writer.integer(Int64(index))
            }
            writer.newline()
        }
        #expect(writer.text == "{\"n\":0}\n{\"n\":1}\n{\"n\":2}\n")
    }
}

/// A stream line is what `JSONEncoder` writes for ``EventLine``, the public type readers decode,
/// field for field, and reads back as the same value.
@Suite("Event lines")
struct EventLineTests {
    @Test func linesAndBatchesMatchTheDocumentedObjectEncodedByJSONEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        let records = (0..<200).map { index in
            let optional = { (text: String) in Bool.random(using: &generator) ? text : nil }
            return EventLog.Record(
                cursor: EventCursor(transaction: Int64(index % 3), sequence: Int64(index), index: index % 4),
                id: UUID(),
                entry: EventLog.Entry(
                    appID: UUID(), type: EventType.allCases.randomElement(using: &generator)!,
                    campaignID: Bool.random(using: &generator) ? UUID() : nil, variant: optional("b"),
                    userID: optional(JSONWriterTests.awkward.randomElement(using: &generator)!), deviceID: optional("device \"1\""),
                    deviceTime: Bool.random(using: &generator) ? Int64.random(in: -5_000...1_900_000_000_000, using: &generator) : nil,
                    serverTime: Int64.random(in: 0...1_900_000_000_000, using: &generator),
                    data: Bool.random(using: &generator) ? [:] : ["button": .string("content"), "page": .number(2),
                                                                 "answers": JSONWriterTests.randomValue(depth: 1, using: &generator)]))
        }
        let documented = records.map(EventLine.init)
        let encoder = MarqueeJSON.encoder()
        let lines = try documented.map { String(decoding: try encoder.encode($0), as: UTF8.self) + "\n" }
        #expect(String(decoding: EventLine.ndjson(records), as: UTF8.self) == lines.joined())
        // Readers decode the same type: each line reads back to what it says.
        let decoder = MarqueeJSON.decoder()
        for line in lines {
            let read = try decoder.decode(EventLine.self, from: Data(line.utf8))
            #expect(String(decoding: try encoder.encode(read), as: UTF8.self) + "\n" == line)
        }

        struct Batch: Encodable { var events: [EventLine] }
        #expect(EventLine.batch(records) == String(decoding: try encoder.encode(Batch(events: documented)), as: UTF8.self))
    }
}
