/// A small, forgiving HTML tokenizer: tags with attributes, text, comments, and raw-text elements.
///
/// It follows the parts of the WHATWG tokenizer that decide what is a tag, an attribute or text
/// (quoted and unquoted values, `<!-- -->`, bogus comments, raw text inside `script`/`style`), so
/// the links and scripts it finds are the ones a browser finds. It does not build a tree; the
/// callers need only a stream. A tag cut off by the end of the input is dropped, as in browsers.
///
/// It runs in time linear in the input: scans move forward, a scan that runs to the end of the
/// input ends tokenizing (or, for a quoted value, finds no such quote later either, so it cannot
/// happen twice), and repeated attribute names are found with a set. Every byte it reads is
/// counted in ``work`` so tests can bound the work per input byte without timing anything.
struct HTMLTokenizer {
    /// Elements whose content is not markup and is kept exactly as written.
    static let rawTextElements: Set<String> = ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript"]
    /// Elements whose content is not markup but whose character references are decoded.
    static let escapableRawTextElements: Set<String> = ["title", "textarea"]

    private let bytes: [UInt8]
    private var position = 0
    /// Bytes read plus attribute names looked up: a measure of the tokenizer's work.
    private(set) var work = 0

    private init(_ html: String) {
        bytes = Array(html.utf8)
    }

    /// Every token in `html`, in order.
    static func tokens(in html: String) -> [HTMLToken] {
        var work = 0
        return tokens(in: html, work: &work)
    }

    /// ``tokens(in:)`` that also adds the tokenizer's ``work`` to `work`.
    static func tokens(in html: String, work: inout Int) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(html)
        defer { work += tokenizer.work }
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
        while let byte = byte(at: position) {
            guard byte == ASCII.lessThan else { return text() }
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
        while let byte = byte(at: position), byte != ASCII.lessThan { position += 1 }
        return .text(HTMLEntities.decode(string(start..<position)))
    }

    /// Reads the markup that starts at a `<`; returns `nil` (and may or may not advance) when it
    /// produces no token.
    private mutating func markup() -> HTMLToken? {
        let next = byte(at: position + 1)
        switch next {
        case ASCII.exclamation:
            if matches(ASCII.commentStart, at: position) { skipComment() } else { skip(past: ASCII.greaterThan, from: position + 2) }
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
        let isRaw = Self.rawTextElements.contains(tag.name)
        guard isRaw || Self.escapableRawTextElements.contains(tag.name) || tag.name == "plaintext" else { return nil }
        let start = position
        var end = bytes.count
        if tag.name != "plaintext" {
            var index = position
            while let byte = byte(at: index) {
                if byte == ASCII.lessThan, self.byte(at: index + 1) == ASCII.slash,
                   matchesCaseInsensitive(tag.name, at: index + 2),
                   isTagNameEnd(self.byte(at: index + 2 + tag.name.utf8.count)) {
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
        // Names already taken; scanning `attributes` instead made a tag with many attributes quadratic.
        var seen: Set<String> = []
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
                    while let byte = self.byte(at: end), byte != quote { end += 1 }
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
            work += 1
            if seen.insert(name).inserted {
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
            if matches(ASCII.commentEnd, at: index) {
                position = index + 3
                return
            }
            if matches(ASCII.bangCommentEnd, at: index) {
                position = index + 4
                return
            }
            index += 1
        }
        position = bytes.count
    }

    private mutating func skip(past terminator: UInt8, from start: Int) {
        var index = start
        while let byte = byte(at: index), byte != terminator { index += 1 }
        position = min(index + 1, bytes.count)
    }

    /// The byte at `index`, or `nil` past the end; counted in ``work``.
    private mutating func byte(at index: Int) -> UInt8? {
        work += 1
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func matches(_ literal: [UInt8], at index: Int) -> Bool {
        guard index + literal.count <= bytes.count else { return false }
        work += literal.count
        return bytes[index..<index + literal.count].elementsEqual(literal)
    }

    private mutating func matchesCaseInsensitive(_ lowercaseName: String, at index: Int) -> Bool {
        let nameBytes = lowercaseName.utf8
        guard index + nameBytes.count <= bytes.count else { return false }
        work += nameBytes.count
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
        static let commentStart = Array("<!--".utf8)
        static let commentEnd = Array("-->".utf8)
        static let bangCommentEnd = Array("--!>".utf8)

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
