/// Everything a device needs to show a campaign: its layout, text, colours, media and actions.
///
/// Text fields may contain personalization placeholders such as `%%first_name|there%%`, filled in
/// by the renderer with escaped text.
public struct Message: Sendable, Hashable, Codable {
    public var kind: MessageKind
    public var header: String?
    public var title: String
    public var body: String?
    public var colors: MessageColors
    public var image: MessageImage?
    public var textAlignment: TextAlignment
    public var orientation: Orientation
    public var buttons: [MessageButton]
    /// What tapping the message outside its buttons does; `nil` does nothing.
    public var contentAction: MessageAction?
    /// Shows a "don't show this again" checkbox.
    public var showsOptOut: Bool
    /// Whether the user may close the message without choosing a button.
    public var isDismissable: Bool
    /// The HTML document of an `html` message.
    public var html: String?
    public var slideFrom: SlideEdge?
    public var banner: BannerSettings?
    public var media: MediaSettings?
    public var tooltip: TooltipSettings?
    public var appearance: Appearance
    /// A template registered by name in the SDK (rule-keyword messages); `nil` uses the kind's own.
    public var template: String?
    /// Key-value extras handed to the app unchanged.
    public var extras: [String: String]
    /// Free-form JSON handed to the app unchanged.
    public var customJSON: JSONValue?

    public init(kind: MessageKind, header: String? = nil, title: String, body: String? = nil,
                colors: MessageColors = MessageColors(), image: MessageImage? = nil,
                textAlignment: TextAlignment = .center, orientation: Orientation = .any,
                buttons: [MessageButton] = [], contentAction: MessageAction? = nil,
                showsOptOut: Bool = false, isDismissable: Bool = true, html: String? = nil,
                slideFrom: SlideEdge? = nil, banner: BannerSettings? = nil, media: MediaSettings? = nil,
                tooltip: TooltipSettings? = nil, appearance: Appearance = Appearance(),
                template: String? = nil, extras: [String: String] = [:], customJSON: JSONValue? = nil) {
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
    }

    enum CodingKeys: String, CodingKey {
        case kind, header, title, body, colors, image, textAlignment, orientation, buttons, contentAction
        case showsOptOut, isDismissable, html, slideFrom, banner, media, tooltip, appearance, template
        case extras, customJSON
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(MessageKind.self, forKey: .kind)
        header = try c.decodeIfPresent(String.self, forKey: .header)
        title = try c.decode(String.self, forKey: .title, default: "")
        body = try c.decodeIfPresent(String.self, forKey: .body)
        colors = try c.decode(MessageColors.self, forKey: .colors, default: MessageColors())
        image = try c.decodeIfPresent(MessageImage.self, forKey: .image)
        textAlignment = try c.decode(TextAlignment.self, forKey: .textAlignment, default: .center)
        orientation = try c.decode(Orientation.self, forKey: .orientation, default: .any)
        buttons = try c.decode([MessageButton].self, forKey: .buttons, default: [])
        contentAction = try c.decodeIfPresent(MessageAction.self, forKey: .contentAction)
        showsOptOut = try c.decode(Bool.self, forKey: .showsOptOut, default: false)
        isDismissable = try c.decode(Bool.self, forKey: .isDismissable, default: true)
        html = try c.decodeIfPresent(String.self, forKey: .html)
        slideFrom = try c.decodeIfPresent(SlideEdge.self, forKey: .slideFrom)
        banner = try c.decodeIfPresent(BannerSettings.self, forKey: .banner)
        media = try c.decodeIfPresent(MediaSettings.self, forKey: .media)
        tooltip = try c.decodeIfPresent(TooltipSettings.self, forKey: .tooltip)
        appearance = try c.decode(Appearance.self, forKey: .appearance, default: Appearance())
        template = try c.decodeIfPresent(String.self, forKey: .template)
        extras = try c.decode([String: String].self, forKey: .extras, default: [:])
        customJSON = try c.decodeIfPresent(JSONValue.self, forKey: .customJSON)
    }
}
