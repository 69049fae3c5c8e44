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
public struct MessageColors: Sendable, Hashable, Codable, StandardValue {
    public static var standard: MessageColors { MessageColors() }

    @Defaulted<HexColor.Black> public var header: HexColor
    @Defaulted<HexColor.Black> public var title: HexColor
    @Defaulted<HexColor.Black> public var body: HexColor
    @Defaulted<HexColor.White> public var background: HexColor
    @Defaulted<HexColor.White> public var frame: HexColor

    public init(header: HexColor = .black, title: HexColor = .black, body: HexColor = .black,
                background: HexColor = .white, frame: HexColor = .white) {
        self.header = header
        self.title = title
        self.body = body
        self.background = background
        self.frame = frame
    }
}

/// The message's image.
public struct MessageImage: Sendable, Hashable, Codable {
    public var url: String
    @Defaulted<Defaults.Standard<ImageCrop>> public var crop: ImageCrop
    /// Text read by assistive technologies.
    public var altText: String?

    public init(url: String, crop: ImageCrop = .fill, altText: String? = nil) {
        self.url = url
        self.crop = crop
        self.altText = altText
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
public struct Appearance: Sendable, Hashable, Codable, StandardValue {
    public static var standard: Appearance { Appearance() }

    @Defaulted<Defaults.Standard<Theme>> public var theme: Theme
    @Defaulted<Defaults.Standard<LayoutDirection>> public var layoutDirection: LayoutDirection
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
}

extension ImageCrop: StandardValue {
    public static var standard: ImageCrop { .fill }
}

extension Theme: StandardValue {
    public static var standard: Theme { .automatic }
}

extension LayoutDirection: StandardValue {
    public static var standard: LayoutDirection { .leftToRight }
}

extension TextAlignment: StandardValue {
    public static var standard: TextAlignment { .center }
}

extension Orientation: StandardValue {
    public static var standard: Orientation { .any }
}
