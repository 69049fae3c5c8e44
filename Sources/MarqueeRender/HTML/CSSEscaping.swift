import Foundation

/// Writes campaign-supplied values (font names, image URLs) into CSS.
enum CSSEscaping {
    /// `text` as a double-quoted CSS string.
    ///
    /// Quotes and backslashes are escaped, control characters become hex escapes, and `<` is
    /// escaped too, so the value can never close the surrounding `<style>` element.
    static func string(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "<", ">", "&": output += "\\\(String(scalar.value, radix: 16, uppercase: true)) "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += scalar.value == 0 ? "\u{FFFD}" : "\\\(String(scalar.value, radix: 16, uppercase: true)) "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// The platform fonts that follow a custom font in every `font-family` list.
    static let systemFontStack = "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif"

    /// A `font-family` value: the named font first (when there is one), then the system fonts.
    static func fontFamily(_ name: String?) -> String {
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? systemFontStack : "\(string(trimmed)), \(systemFontStack)"
    }

    /// `12` for whole numbers, `12.5` otherwise: CSS lengths without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e6 ? String(Int(value)) : String(value)
    }
}
