/// One piece of an HTML document as ``HTMLTokenizer`` reads it.
enum HTMLToken: Sendable, Hashable {
    /// Character data with character references decoded.
    case text(String)
    /// The content of a raw-text element (`script`, `style`, …) exactly as written, or of an
    /// escapable raw-text element (`title`, `textarea`) with references decoded.
    case rawText(String, element: String)
    /// A start tag.
    case startTag(HTMLStartTag)
    /// An end tag, its name in lower case.
    case endTag(String)
    /// A comment, doctype or processing instruction: nothing a renderer shows.
    case comment
}
