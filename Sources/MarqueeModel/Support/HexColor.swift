/// A colour written as `#RRGGBB` or `#RRGGBBAA`, validated on creation and stored in upper case.
public struct HexColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public let hex: String

    /// Creates a colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA`; returns `nil` for anything else.
    public init?(_ text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst()
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : String(digits)
        hex = "#" + expanded.uppercased()
    }

    public static let black = HexColor("#000000")!
    public static let white = HexColor("#FFFFFF")!

    public var description: String { hex }

    /// The colour without its alpha channel, as the RInAppMessaging protocol expects.
    public var opaqueHex: String { String(hex.prefix(7)) }

    /// Red, green, blue and alpha components in 0...255.
    public var components: (red: Int, green: Int, blue: Int, alpha: Int) {
        let digits = Array(hex.dropFirst())
        func byte(_ index: Int) -> Int { Int(String(digits[index..<index + 2]), radix: 16) ?? 0 }
        return (byte(0), byte(2), byte(4), digits.count == 8 ? byte(6) : 255)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = HexColor(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a colour; use #RRGGBB or #RRGGBBAA")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

extension HexColor {
    /// Black, the default text colour.
    public enum Black: DefaultValue { public static var value: HexColor { .black } }
    /// White, the default background and frame colour.
    public enum White: DefaultValue { public static var value: HexColor { .white } }
}
