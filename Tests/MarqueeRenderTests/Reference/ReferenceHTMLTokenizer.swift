@testable import MarqueeRender

/// The HTML tokenizer as it was before it was made linear, kept as the reference the property
/// tests compare ``HTMLTokenizer`` with. Straightforward, and quadratic in the number of
/// attributes of one tag (each name was checked against all earlier ones).
struct ReferenceHTMLTokenizer {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ html: String) {
        bytes = Array(html.utf8)
    }

    /// Every token in `html`, in order.
    static func tokens(in html: String) -> [HTMLToken] {
        var tokenizer = ReferenceHTMLTokenizer(html)
        var tokens: [HTMLToken] = []
        while let token = tokenizer.next() {
            tokens.append(token)
            // Browsers ignore a self-closing slash here: `<script/>` still starts a script.
            if case .startTag(let tag) = token, let raw = tokenizer.rawText(after: tag) {
                tokens.append(raw)
            }
        }
        return tokens
    }

    private mutating func next() -> HTMLToken? {
        while position < bytes.count {
            guard bytes[position] == ASCII.lessThan else { return text() }
            let start = position
            if let token = markup() { return token }
            if position == start {
                // A `<` that starts nothing is text.
                position += 1
                return .text("<")
            }
        }
        return nil
    }

    private mutating func text() -> HTMLToken {
        let start = position
        while position < bytes.count, bytes[position] != ASCII.lessThan { position += 1 }
        return .text(HTMLEntities.decode(string(start..<position)))
    }

    /// Reads the markup that starts at a `<`; returns `nil` (and may or may not advance) when it
    /// produces no token.
    private mutating func markup() -> HTMLToken? {
        let next = byte(at: position + 1)
        switch next {
        case ASCII.exclamation:
            if matches("<!--", at: position) { skipComment() } else { skip(past: ASCII.greaterThan, from: position + 2) }
            return .comment
        case ASCII.question:
            skip(past: ASCII.greaterThan, from: position + 2)
            return .comment
        case ASCII.slash:
            guard let first = byte(at: position + 2) else { return nil }
            if ASCII.isLetter(first) {
                position += 2
                let name = readName()
                guard readAttributes() != nil else { return nil }
                return .endTag(name)
            }
            // `</>` is ignored; `</` followed by anything else is a bogus comment.
            skip(past: ASCII.greaterThan, from: position + 2)
            return .comment
        case let first? where ASCII.isLetter(first):
            position += 1
            let name = readName()
            guard let attributes = readAttributes() else { return nil }
            return .startTag(HTMLStartTag(name: name, attributes: attributes.list, isSelfClosing: attributes.selfClosing))
        default:
            return nil
        }
    }

    /// The content of a raw-text element whose start tag was just read, up to its end tag.
    private mutating func rawText(after tag: HTMLStartTag) -> HTMLToken? {
        let isRaw = HTMLTokenizer.rawTextElements.contains(tag.name)
        guard isRaw || HTMLTokenizer.escapableRawTextElements.contains(tag.name) || tag.name == "plaintext" else { return nil }
        let start = position
        var end = bytes.count
        if tag.name != "plaintext" {
            var index = position
            while index < bytes.count {
                if bytes[index] == ASCII.lessThan, byte(at: index + 1) == ASCII.slash,
                   matchesCaseInsensitive(tag.name, at: index + 2),
                   isTagNameEnd(byte(at: index + 2 + tag.name.utf8.count)) {
                    end = index
                    break
                }
                index += 1
            }
        }
        position = end
        let content = string(start..<end)
        return .rawText(isRaw || tag.name == "plaintext" ? content : HTMLEntities.decode(content), element: tag.name)
    }

    private mutating func readName() -> String {
        let start = position
        while let byte = byte(at: position), !ASCII.isWhitespace(byte), byte != ASCII.slash, byte != ASCII.greaterThan {
            position += 1
        }
        return string(start..<position).lowercased()
    }

    /// Reads attributes up to and including the closing `>`; `nil` when the input ends first.
    private mutating func readAttributes() -> (list: [HTMLStartTag.Attribute], selfClosing: Bool)? {
        var attributes: [HTMLStartTag.Attribute] = []
        while true {
            while let byte = byte(at: position), ASCII.isWhitespace(byte) || (byte == ASCII.slash && self.byte(at: position + 1) != ASCII.greaterThan) {
                position += 1
            }
            guard let byte = byte(at: position) else { return nil }
            if byte == ASCII.greaterThan {
                position += 1
                return (attributes, false)
            }
            if byte == ASCII.slash {
                position += 2
                return (attributes, true)
            }
            // An attribute name may start with `=`; after that `=` separates the value.
            let nameStart = position
            position += 1
            while let byte = self.byte(at: position), !ASCII.isWhitespace(byte), byte != ASCII.slash,
                  byte != ASCII.greaterThan, byte != ASCII.equals {
                position += 1
            }
            let name = string(nameStart..<position).lowercased()
            var lookahead = position
            while let byte = self.byte(at: lookahead), ASCII.isWhitespace(byte) { lookahead += 1 }
            var value = ""
            if self.byte(at: lookahead) == ASCII.equals {
                position = lookahead + 1
                while let byte = self.byte(at: position), ASCII.isWhitespace(byte) { position += 1 }
                guard let quote = self.byte(at: position) else { return nil }
                if quote == ASCII.doubleQuote || quote == ASCII.singleQuote {
                    let valueStart = position + 1
                    var end = valueStart
                    while end < bytes.count, bytes[end] != quote { end += 1 }
                    guard end < bytes.count else { return nil }
                    value = string(valueStart..<end)
                    position = end + 1
                } else {
                    let valueStart = position
                    while let byte = self.byte(at: position), !ASCII.isWhitespace(byte), byte != ASCII.greaterThan {
                        position += 1
                    }
                    value = string(valueStart..<position)
                }
            }
            if !attributes.contains(where: { $0.name == name }) {
                attributes.append(HTMLStartTag.Attribute(name: name, value: HTMLEntities.decode(value)))
            }
        }
    }

    private mutating func skipComment() {
        var index = position + 4
        // `<!-->` and `<!--->` close at once, as in browsers.
        if byte(at: index) == ASCII.greaterThan {
            position = index + 1
            return
        }
        if byte(at: index) == ASCII.hyphen, byte(at: index + 1) == ASCII.greaterThan {
            position = index + 2
            return
        }
        while index < bytes.count {
            if matches("-->", at: index) {
                position = index + 3
                return
            }
            if matches("--!>", at: index) {
                position = index + 4
                return
            }
            index += 1
        }
        position = bytes.count
    }

    private mutating func skip(past terminator: UInt8, from start: Int) {
        var index = start
        while index < bytes.count, bytes[index] != terminator { index += 1 }
        position = min(index + 1, bytes.count)
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func matches(_ literal: String, at index: Int) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard index + literalBytes.count <= bytes.count else { return false }
        return bytes[index..<index + literalBytes.count].elementsEqual(literalBytes)
    }

    private func matchesCaseInsensitive(_ lowercaseName: String, at index: Int) -> Bool {
        let nameBytes = Array(lowercaseName.utf8)
        guard index + nameBytes.count <= bytes.count else { return false }
        return zip(bytes[index..<index + nameBytes.count], nameBytes).allSatisfy { ASCII.lowercased($0) == $1 }
    }

    private func isTagNameEnd(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return ASCII.isWhitespace(byte) || byte == ASCII.slash || byte == ASCII.greaterThan
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The ASCII bytes the tokenizer looks for.
    private enum ASCII {
        static let lessThan = UInt8(ascii: "<")
        static let greaterThan = UInt8(ascii: ">")
        static let slash = UInt8(ascii: "/")
        static let exclamation = UInt8(ascii: "!")
        static let question = UInt8(ascii: "?")
        static let equals = UInt8(ascii: "=")
        static let hyphen = UInt8(ascii: "-")
        static let doubleQuote = UInt8(ascii: "\"")
        static let singleQuote = UInt8(ascii: "'")

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        }
    }
}
