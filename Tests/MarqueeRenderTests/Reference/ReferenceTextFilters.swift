import Foundation
@testable import MarqueeRender

/// Obvious versions of the small text passes on the render path, kept as references for the
/// property tests: placeholder filling as it was (searching a fresh substring each time), HTML
/// escaping character by character, and the frame's script hashes with a linear duplicate check.
enum ReferenceTextFilters {
    static func fill(_ template: String, values: [String: String], html: Bool) -> String {
        guard template.contains("%%") else { return template }
        var output = ""
        var rest = template[...]
        while let open = rest.range(of: "%%") {
            output += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "%%"),
                  let replacement = replacement(for: afterOpen[..<close.lowerBound], values: values) else {
                output += "%%"
                rest = afterOpen
                continue
            }
            output += html ? escape(replacement) : replacement
            rest = afterOpen[close.upperBound...]
        }
        output += rest
        return output
    }

    static func placeholderNames(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.range(of: "%%") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "%%"), let name = parse(afterOpen[..<close.lowerBound])?.name else {
                rest = afterOpen
                continue
            }
            if !names.contains(name) { names.append(name) }
            rest = afterOpen[close.upperBound...]
        }
        return names
    }

    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func scriptSources(in html: String) -> [String] {
        var sources: [String] = []
        var inScriptWithSource = false
        for token in ReferenceHTMLTokenizer.tokens(in: html) {
            switch token {
            case .startTag(let tag) where tag.name == "script":
                inScriptWithSource = tag.attribute("src") != nil
            case .rawText(let content, let element) where element == "script" && !inScriptWithSource:
                let source = "'sha256-\(SHA256.base64Digest(of: content))'"
                if !content.isEmpty, !sources.contains(source) { sources.append(source) }
            default:
                break
            }
        }
        return sources
    }

    private static func replacement(for inner: Substring, values: [String: String]) -> String? {
        guard let placeholder = parse(inner) else { return nil }
        if let value = values[placeholder.name], !value.isEmpty { return value }
        return placeholder.fallback ?? ""
    }

    private static func parse(_ inner: Substring) -> (name: String, fallback: String?)? {
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0]
        guard !name.isEmpty, !inner.contains("\n"),
              name.unicodeScalars.allSatisfy(isNameScalar) else { return nil }
        return (String(name), parts.count > 1 ? String(parts[1]) : nil)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
        default: false
        }
    }
}
