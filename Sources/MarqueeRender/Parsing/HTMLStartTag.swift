/// A start tag with its attributes, names in lower case, values decoded.
struct HTMLStartTag: Sendable, Hashable {
    /// One attribute; `value` is empty for an attribute written without one (`<video controls>`).
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
    }

    var name: String
    /// Attributes in source order; a repeated name keeps its first occurrence, as browsers do.
    var attributes: [Attribute]
    var isSelfClosing: Bool

    /// The value of the attribute called `name` (lower case), or `nil` when absent.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    var isVoid: Bool { Self.voidElements.contains(name) }
}
