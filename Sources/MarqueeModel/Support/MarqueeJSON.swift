import Foundation

/// The JSON coders Marquee uses everywhere: ISO 8601 dates (fractional seconds accepted), sorted keys.
public enum MarqueeJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-01-31T09:00:00Z")
            }
            return date
        }
        return decoder
    }

    /// `2026-01-31T09:00:00.250Z`, or `2026-01-31T09:00:00Z` when there are no milliseconds.
    public static func formatDate(_ date: Date) -> String {
        let formatters = ISO8601Formatters.current
        let wholeSecond = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return (wholeSecond ? formatters.whole : formatters.fractional).string(from: date)
    }

    /// Accepts ISO 8601 with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        let formatters = ISO8601Formatters.current
        return formatters.fractional.date(from: text) ?? formatters.whole.date(from: text)
    }
}
