/// A message's text in one more language. Each field given replaces the message's own text; a
/// field left out keeps the text of the campaign's default language.
public struct MessageTranslation: Sendable, Hashable, Codable {
    public var header: String?
    public var title: String?
    public var body: String?
    /// Button texts, by button id.
    @Defaulted<Defaults.EmptyMap<String>> public var buttons: [String: String]
    /// The image's description for assistive technologies.
    public var imageAltText: String?
    /// A carousel's pages, by page id.
    @Defaulted<Defaults.EmptyMap<PageTranslation>> public var pages: [String: PageTranslation]

    public init(header: String? = nil, title: String? = nil, body: String? = nil, buttons: [String: String] = [:],
                imageAltText: String? = nil, pages: [String: PageTranslation] = [:]) {
        self.header = header
        self.title = title
        self.body = body
        self.buttons = buttons
        self.imageAltText = imageAltText
        self.pages = pages
    }
}

/// A carousel page's text in one more language; what it leaves out keeps the default's.
public struct PageTranslation: Sendable, Hashable, Codable {
    public var title: String?
    public var body: String?
    /// Button texts, by button id.
    @Defaulted<Defaults.EmptyMap<String>> public var buttons: [String: String]
    public var imageAltText: String?

    public init(title: String? = nil, body: String? = nil, buttons: [String: String] = [:], imageAltText: String? = nil) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.imageAltText = imageAltText
    }
}
