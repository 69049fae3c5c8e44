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

    public init(header: String? = nil, title: String? = nil, body: String? = nil, buttons: [String: String] = [:],
                imageAltText: String? = nil) {
        self.header = header
        self.title = title
        self.body = body
        self.buttons = buttons
        self.imageAltText = imageAltText
    }
}
