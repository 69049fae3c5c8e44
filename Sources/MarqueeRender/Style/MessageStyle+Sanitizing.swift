import Foundation

/// The ranges style values are clamped into: wide enough for any real design, narrow enough that
/// a typo (a negative padding, a 10,000-point font) cannot push a message or its close control
/// off the screen.
extension MessageStyle {
    static let paddingRange = 0.0...200
    /// At least the 44-point close control.
    static let sizeRange = 44.0...4096
    static let cornerRadiusRange = 0.0...200
    static let fontSizeRange = 6.0...96
    static let buttonHeightRange = 20.0...200

    /// This style with every value in range; each change is appended to `problems` under `path`.
    func sanitized(problems: inout [StyleProblem], path: String) -> MessageStyle {
        func clamp(_ value: Double?, _ range: ClosedRange<Double>, _ field: String) -> Double? {
            guard let value else { return nil }
            guard value.isFinite else {
                problems.append(StyleProblem(path: "\(path).\(field)", reason: "\(value) is not a number of points; Marquee's default is used"))
                return nil
            }
            let clamped = min(max(value, range.lowerBound), range.upperBound)
            if clamped != value {
                let side = value < range.lowerBound ? "below" : "above"
                problems.append(StyleProblem(path: "\(path).\(field)",
                                             reason: "\(CSSEscaping.number(value)) is \(side) \(CSSEscaping.number(clamped)); \(CSSEscaping.number(clamped)) is used"))
            }
            return clamped
        }
        func font(_ name: String?, _ field: String) -> String? {
            guard let name else { return nil }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                problems.append(StyleProblem(path: "\(path).\(field)", reason: "an empty font name; the system font is used"))
                return nil
            }
            return trimmed
        }
        func text(_ style: TextStyle, _ field: String) -> TextStyle {
            TextStyle(fontName: font(style.fontName, "\(field).fontName"),
                      fontSize: clamp(style.fontSize, Self.fontSizeRange, "\(field).fontSize"), color: style.color)
        }
        func icon(_ icon: DismissIcon?) -> DismissIcon? {
            guard case .image(let url) = icon, MediaURL(url) == nil else { return icon }
            problems.append(StyleProblem(path: "\(path).dismissIcon",
                                         reason: "\"\(url)\" is not an absolute http or https URL; the cross is shown"))
            return .cross
        }
        return MessageStyle(
            padding: StylePadding(top: clamp(padding.top, Self.paddingRange, "padding.top"),
                                  bottom: clamp(padding.bottom, Self.paddingRange, "padding.bottom"),
                                  leading: clamp(padding.leading, Self.paddingRange, "padding.leading"),
                                  trailing: clamp(padding.trailing, Self.paddingRange, "padding.trailing")),
            maxWidth: clamp(maxWidth, Self.sizeRange, "maxWidth"),
            maxHeight: clamp(maxHeight, Self.sizeRange, "maxHeight"),
            cornerRadius: clamp(cornerRadius, Self.cornerRadiusRange, "cornerRadius"),
            title: text(title, "title"),
            body: text(body, "body"),
            button: ButtonStyle(fontName: font(button.fontName, "button.fontName"),
                                fontSize: clamp(button.fontSize, Self.fontSizeRange, "button.fontSize"),
                                cornerRadius: clamp(button.cornerRadius, Self.cornerRadiusRange, "button.cornerRadius"),
                                height: clamp(button.height, Self.buttonHeightRange, "button.height")),
            dismissIcon: icon(dismissIcon))
    }
}
