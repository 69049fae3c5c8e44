/// How an image is fitted into its frame.
public enum ImageCrop: String, Sendable, Hashable, Codable, CaseIterable {
    /// Scales to fill the frame, cropping what overflows.
    case fill
    /// Scales to fit inside the frame, centred.
    case center
}

/// Horizontal alignment of the message text.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    case leading, center, trailing, justified
}

/// The orientations a message may be shown in.
public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
    case any, portrait, landscape
}

/// The colours of a message's text and frame.
public struct MessageColors: Sendable, Hashable, Codable {
    public var header: HexColor
    public var title: HexColor
    public var body: HexColor
    public var background: HexColor
    public var frame: HexColor

    public init(header: HexColor = .black, title: HexColor = .black, body: HexColor = .black,
                background: HexColor = .white, frame: HexColor = .white) {
        self.header = header
        self.title = title
        self.body = body
        self.background = background
        self.frame = frame
    }

    enum CodingKeys: String, CodingKey { case header, title, body, background, frame }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        header = try c.decode(HexColor.self, forKey: .header, default: .black)
        title = try c.decode(HexColor.self, forKey: .title, default: .black)
        body = try c.decode(HexColor.self, forKey: .body, default: .black)
        background = try c.decode(HexColor.self, forKey: .background, default: .white)
        frame = try c.decode(HexColor.self, forKey: .frame, default: .white)
    }
}

/// The message's image.
public struct MessageImage: Sendable, Hashable, Codable {
    public var url: String
    public var crop: ImageCrop
    /// Text read by assistive technologies.
    public var altText: String?

    public init(url: String, crop: ImageCrop = .fill, altText: String? = nil) {
        self.url = url
        self.crop = crop
        self.altText = altText
    }

    enum CodingKeys: String, CodingKey { case url, crop, altText }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        crop = try c.decode(ImageCrop.self, forKey: .crop, default: .fill)
        altText = try c.decodeIfPresent(String.self, forKey: .altText)
    }
}

/// Light or dark appearance for rendered messages.
public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    /// Follows the device setting.
    case automatic, light, dark
}

/// The direction text is laid out in.
public enum LayoutDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case leftToRight, rightToLeft
}

/// Presentation hints that do not change what a message says.
public struct Appearance: Sendable, Hashable, Codable {
    public var theme: Theme
    public var layoutDirection: LayoutDirection
    /// Font names the app has registered; the platform font is used when absent.
    public var titleFont: String?
    public var bodyFont: String?
    public var buttonFont: String?

    public init(theme: Theme = .automatic, layoutDirection: LayoutDirection = .leftToRight,
                titleFont: String? = nil, bodyFont: String? = nil, buttonFont: String? = nil) {
        self.theme = theme
        self.layoutDirection = layoutDirection
        self.titleFont = titleFont
        self.bodyFont = bodyFont
        self.buttonFont = buttonFont
    }

    enum CodingKeys: String, CodingKey { case theme, layoutDirection, titleFont, bodyFont, buttonFont }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        theme = try c.decode(Theme.self, forKey: .theme, default: .automatic)
        layoutDirection = try c.decode(LayoutDirection.self, forKey: .layoutDirection, default: .leftToRight)
        titleFont = try c.decodeIfPresent(String.self, forKey: .titleFont)
        bodyFont = try c.decodeIfPresent(String.self, forKey: .bodyFont)
        buttonFont = try c.decodeIfPresent(String.self, forKey: .buttonFont)
    }
}
