/// A tiny HTML tree that escapes by construction.
///
/// Text nodes and attribute values are always HTML-escaped when written; only ``trusted(_:)``
/// content (Marquee's own stylesheet and scripts, never campaign text) is written as it is. The
/// output is indented for readable snapshots, except inside elements whose children are all
/// text, so whitespace never changes what a `<style>` or `<script>` contains.
indirect enum Markup: Sendable, Hashable {
    /// An attribute; `value == nil` writes a boolean attribute (`<video controls>`).
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String?

        init(_ name: String, _ value: String? = nil) {
            self.name = name
            self.value = value
        }
    }

    case element(String, [Attribute], [Markup])
    case text(String)
    case trusted(String)

    /// An element; `nil` attribute entries are skipped, which keeps optional attributes inline.
    static func tag(_ name: String, _ attributes: [Attribute?] = [], _ children: [Markup?] = []) -> Markup {
        .element(name, attributes.compactMap { $0 }, children.compactMap { $0 })
    }

    /// The HTML text of this node, indented by `level` steps of two spaces.
    func html(level: Int = 0) -> String {
        var output = ""
        write(into: &output, level: level)
        return output
    }

    private func write(into output: inout String, level: Int) {
        let indent = String(repeating: "  ", count: level)
        switch self {
        case .text(let text):
            output += indent + HTMLEscaping.escape(text)
        case .trusted(let text):
            output += indent + text
        case .element(let name, let attributes, let children):
            output += indent + "<" + name
            for attribute in attributes {
                output += " " + attribute.name
                if let value = attribute.value { output += "=\"" + HTMLEscaping.escape(value) + "\"" }
            }
            output += ">"
            if HTMLStartTag.voidElements.contains(name) { return }
            if children.allSatisfy(\.isInline) {
                for child in children { child.write(into: &output, level: 0) }
            } else {
                for child in children {
                    output += "\n"
                    child.write(into: &output, level: level + 1)
                }
                output += "\n" + indent
            }
            output += "</" + name + ">"
        }
    }

    private var isInline: Bool {
        switch self {
        case .text, .trusted: true
        case .element: false
        }
    }
}
