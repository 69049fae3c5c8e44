import Foundation

/// A value the server keeps about a user (a user profile on the server), typed so that rules can compare it.
///
/// In JSON a value is written as itself: a string, a number, `true`/`false`, an array of
/// strings, and a date as `{"date": "2026-01-31T09:00:00Z"}` (an ISO 8601 text would read as a string).
public enum ProfileValue: Sendable, Hashable, Codable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case date(Date)
    case list([String])

    /// The type of a value: what a declared attribute must be (an app's device-settable values,
    /// a CSV import's column).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case string, number, boolean, date, list
    }

    public var kind: Kind {
        switch self {
        case .string: .string
        case .number: .number
        case .boolean: .boolean
        case .date: .date
        case .list: .list
        }
    }

    private struct DateBox: Codable {
        var date: String

        /// Any key, to see whether a date's object holds more than its date.
        struct AnyKey: CodingKey {
            static let date = AnyKey(stringValue: "date")!
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    public init(from decoder: any Decoder) throws {
        // Texts first, then numbers: the commonest values cost no failed attempt, each of which
        // builds an error. A strict decoder reads neither `true` as a number nor `1` as a flag.
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a number must be finite")
            }
            self = .number(number)
        } else if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
        } else if let items = try? container.decode([String].self) {
            self = .list(items)
        } else if let object = try? decoder.container(keyedBy: DateBox.AnyKey.self),
                  let text = try? object.decode(String.self, forKey: DateBox.AnyKey.date) {
            guard object.allKeys.count == 1 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a date is written {\"date\": …}, with no other key")
            }
            guard let date = MarqueeJSON.parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-01-31T09:00:00Z")
            }
            self = .date(date)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a value is a string, a number, a boolean, an array of strings or {\"date\": …}")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .date(let date): try container.encode(DateBox(date: MarqueeJSON.formatDate(date)))
        case .list(let items): try container.encode(items)
        }
    }
}
