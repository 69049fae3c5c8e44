/// How a message is laid out on screen.
public enum MessageKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A centred card over a dimmed background.
    case modal
    /// Covers the whole screen.
    case fullScreen
    /// A compact card that slides in from one edge (``SlideEdge``).
    case slideUp
    /// A banner pinned to the top or bottom, with an optional icon and auto-close (``BannerSettings``).
    case banner
    /// An image that fills the message; tapping it is the content click (``MediaSettings``).
    case image
    /// A video that closes when it ends (``MediaSettings``).
    case video
    /// Campaign-authored HTML, rendered sandboxed.
    case html
    /// A bubble anchored to an on-screen element (``TooltipSettings``).
    case tooltip
    /// A card of 2 to 10 pages (``MessagePage``), each with its own image, text and buttons.
    case carousel
    /// A card of questions (``Survey``) whose answers are stored, then a thank-you page.
    case survey
}

/// The edge a slide-up message enters from.
public enum SlideEdge: String, Sendable, Hashable, Codable, CaseIterable {
    case bottom, top, left, right
}

extension SlideEdge: StandardValue {
    /// The edge a slide-up message without ``Message/slideFrom`` enters from.
    public static var standard: SlideEdge { .bottom }
}

/// Where a banner is pinned.
public enum BannerPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    case top, bottom
}

/// The small icon a banner may show at its leading edge.
public enum BannerIcon: String, Sendable, Hashable, Codable, CaseIterable {
    case note, notification, store, offer, comment
}

/// Banner layout: placement, icon, background image and how long it stays.
public struct BannerSettings: Sendable, Hashable, Codable {
    public var placement: BannerPlacement
    public var icon: BannerIcon?
    public var backgroundImageURL: String?
    /// Seconds before the banner closes by itself; `nil` keeps it until the user acts.
    public var autoCloseSeconds: Double?

    public init(placement: BannerPlacement = .bottom, icon: BannerIcon? = nil,
                backgroundImageURL: String? = nil, autoCloseSeconds: Double? = 5) {
        self.placement = placement
        self.icon = icon
        self.backgroundImageURL = backgroundImageURL
        self.autoCloseSeconds = autoCloseSeconds
    }

    enum CodingKeys: String, CodingKey { case placement, icon, backgroundImageURL, autoCloseSeconds }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        placement = try c.decode(BannerPlacement.self, forKey: .placement, default: .bottom)
        icon = try c.decodeIfPresent(BannerIcon.self, forKey: .icon)
        backgroundImageURL = try c.decodeIfPresent(String.self, forKey: .backgroundImageURL)
        autoCloseSeconds = c.contains(.autoCloseSeconds)
            ? try c.decodeIfPresent(Double.self, forKey: .autoCloseSeconds) : 5
    }
}

/// Image and video message settings.
public struct MediaSettings: Sendable, Hashable, Codable {
    /// The video to play (video messages only).
    public var videoURL: String?
    /// Seconds before an image message closes without interaction; `nil` keeps it open.
    public var autoCloseSeconds: Double?
    /// Text read by assistive technologies for the image or video.
    public var altText: String?

    public init(videoURL: String? = nil, autoCloseSeconds: Double? = nil, altText: String? = nil) {
        self.videoURL = videoURL
        self.autoCloseSeconds = autoCloseSeconds
        self.altText = altText
    }
}

/// Where a tooltip sits relative to its target element.
public enum TooltipPosition: String, Sendable, Hashable, Codable, CaseIterable {
    case topLeft = "top-left"
    case topCenter = "top-center"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomCenter = "bottom-center"
    case bottomRight = "bottom-right"
    case left, right
}

extension TooltipPosition: StandardValue {
    public static var standard: TooltipPosition { .bottomCenter }
}

/// Tooltip anchoring: the element it points at and how long it stays.
public struct TooltipSettings: Sendable, Hashable, Codable {
    /// The accessibility identifier of the element the tooltip points at: any view whose
    /// identifier contains it (``points(at:target:)``).
    public var targetElementID: String
    @Defaulted<Defaults.Standard<TooltipPosition>> public var position: TooltipPosition
    /// Opened when the tooltip is tapped.
    public var redirectURL: String?
    /// Seconds before the tooltip disappears by itself.
    public var autoDisappearSeconds: Int?

    public init(targetElementID: String, position: TooltipPosition = .bottomCenter,
                redirectURL: String? = nil, autoDisappearSeconds: Int? = nil) {
        self.targetElementID = targetElementID
        self.position = position
        self.redirectURL = redirectURL
        self.autoDisappearSeconds = autoDisappearSeconds
    }

    /// Whether a view identified by `viewIdentifier` is the element `target` names: its identifier
    /// contains the target (`cart.button` points at `cart.button.badge` too), as RInAppMessaging's
    /// iOS client matches it, so a tooltip means the same in every app that receives it. The
    /// trigger engine matches `viewAppeared` triggers the same way.
    public static func points(at viewIdentifier: String, target: String) -> Bool {
        !target.isEmpty && viewIdentifier.contains(target)
    }
}
