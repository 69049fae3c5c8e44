/// Everything a device needs to show a campaign: its layout, text, colours, media and actions.
///
/// Text fields may contain personalization placeholders such as `%%first_name|there%%`, filled in
/// by the renderer with escaped text.
public struct Message: Sendable, Hashable, Codable {
    public var kind: MessageKind
    public var header: String?
    @Defaulted<Defaults.EmptyText> public var title: String
    public var body: String?
    @Defaulted<Defaults.Standard<MessageColors>> public var colors: MessageColors
    public var image: MessageImage?
    @Defaulted<Defaults.Standard<TextAlignment>> public var textAlignment: TextAlignment
    @Defaulted<Defaults.Standard<Orientation>> public var orientation: Orientation
    @Defaulted<Defaults.EmptyList<MessageButton>> public var buttons: [MessageButton]
    /// What tapping the message outside its buttons does; `nil` does nothing.
    public var contentAction: MessageAction?
    /// Shows a "don't show this again" checkbox.
    @Defaulted<Defaults.False> public var showsOptOut: Bool
    /// Whether the user may close the message without choosing a button.
    @Defaulted<Defaults.True> public var isDismissable: Bool
    /// The HTML document of an `html` message.
    public var html: String?
    public var slideFrom: SlideEdge?
    public var banner: BannerSettings?
    public var media: MediaSettings?
    public var tooltip: TooltipSettings?
    @Defaulted<Defaults.Standard<Appearance>> public var appearance: Appearance
    /// A template registered by name in the SDK (rule-keyword messages); `nil` uses the kind's own.
    public var template: String?
    /// Key-value extras handed to the app unchanged.
    @Defaulted<Defaults.EmptyMap<String>> public var extras: [String: String]
    /// Free-form JSON handed to the app unchanged.
    public var customJSON: JSONValue?
    /// The text in other languages, by language tag (``LanguageTag``): devices show the one
    /// their locale asks for (``localized(to:)``), else the text above, which is the default.
    @Defaulted<Defaults.EmptyMap<MessageTranslation>> public var translations: [String: MessageTranslation]
    /// The pages of a `carousel` message, in order; other kinds have none.
    @Defaulted<Defaults.EmptyList<MessagePage>> public var pages: [MessagePage]
    /// The questions of a `survey` message; other kinds have none.
    public var survey: Survey?

    public init(kind: MessageKind, header: String? = nil, title: String, body: String? = nil,
                colors: MessageColors = MessageColors(), image: MessageImage? = nil,
                textAlignment: TextAlignment = .center, orientation: Orientation = .any,
                buttons: [MessageButton] = [], contentAction: MessageAction? = nil,
                showsOptOut: Bool = false, isDismissable: Bool = true, html: String? = nil,
                slideFrom: SlideEdge? = nil, banner: BannerSettings? = nil, media: MediaSettings? = nil,
                tooltip: TooltipSettings? = nil, appearance: Appearance = Appearance(),
                template: String? = nil, extras: [String: String] = [:], customJSON: JSONValue? = nil,
                translations: [String: MessageTranslation] = [:], pages: [MessagePage] = [], survey: Survey? = nil) {
        self.kind = kind
        self.header = header
        self.title = title
        self.body = body
        self.colors = colors
        self.image = image
        self.textAlignment = textAlignment
        self.orientation = orientation
        self.buttons = buttons
        self.contentAction = contentAction
        self.showsOptOut = showsOptOut
        self.isDismissable = isDismissable
        self.html = html
        self.slideFrom = slideFrom
        self.banner = banner
        self.media = media
        self.tooltip = tooltip
        self.appearance = appearance
        self.template = template
        self.extras = extras
        self.customJSON = customJSON
        self.translations = translations
        self.pages = pages
        self.survey = survey
    }
}
