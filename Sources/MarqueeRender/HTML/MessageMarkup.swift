import MarqueeModel

/// Builds the `<body>` content of a rendered message: Marquee's markup around campaign text.
///
/// Every control gets an `id`, a matching `data-marquee-id` (stable hooks for UI tests and the
/// bridge) and an `aria-label`; the message card is a `role="dialog"`. What the bridge acts on is
/// declared with `data-marquee-action`, so the bridge script never changes per message.
struct MessageMarkup {
    let message: Message
    let text: MessageText
    let options: RenderOptions
    let image: MediaURL?
    let video: MediaURL?
    let bannerBackground: MediaURL?
    /// The campaign document of an `html` message, bridge injected.
    let frame: FrameDocument?
    /// The app's style for this kind, clamped into range.
    let style: MessageStyle
    /// The close control's image, when the app's style names a usable one.
    let dismissImage: MediaURL?
    /// Each carousel page's image, when it has a usable one.
    let pageImages: [MediaURL?]

    init(message: Message, text: MessageText, options: RenderOptions) {
        self.message = message
        self.text = text
        self.options = options
        style = options.resolvedStyle(for: message)
        dismissImage = if case .image(let url) = style.dismissIcon, message.isDismissable { MediaURL(url) } else { nil }
        image = MediaURL(message.image?.url, inline: options.inlineImages)
        video = message.kind == .video ? MediaURL(message.media?.videoURL) : nil
        bannerBackground = message.kind == .banner ? MediaURL(message.banner?.backgroundImageURL, inline: options.inlineImages) : nil
        frame = message.kind == .html ? FrameDocument(text.html ?? "") : nil
        pageImages = text.pages.map { page in
            MediaURL(message.pages[page.number - 1].image?.url, inline: options.inlineImages)
        }
    }

    /// The app's bundled fonts this message uses, each once: written into the page (``EmbeddedFont``).
    /// CSS matches font family names without regard to ASCII case.
    var embeddedFonts: [EmbeddedFont] {
        guard frame == nil else { return [] }
        let used = Set(options.fontNames(for: message).all.map { $0.lowercased() })
        var seen: Set<String> = []
        return options.embeddedFonts.filter { used.contains($0.family.lowercased()) && seen.insert($0.family.lowercased()).inserted }
    }

    /// Banner settings, with the model's defaults when the message has none.
    var banner: BannerSettings { message.banner ?? BannerSettings() }

    /// The edge a slide-up enters from; `nil` in the model means bottom.
    var slideEdge: SlideEdge { message.slideFrom ?? .standard }

    /// Whether the message covers the app and takes focus (as opposed to floating beside it).
    var isModal: Bool {
        guard options.embedding == nil else { return false }
        return switch message.kind {
        case .modal, .fullScreen, .image, .video, .html, .carousel, .survey: true
        case .slideUp, .banner, .tooltip: false
        }
    }

    /// Whether the message is embedded content in the app's own screen.
    var isEmbedded: Bool { options.embedding != nil }

    /// Whether campaign text runs right to left.
    var isRightToLeft: Bool { message.appearance.layoutDirection == .rightToLeft }

    /// Whether the kind shows the body text (media kinds and HTML show their content instead).
    var showsBody: Bool {
        switch message.kind {
        case .modal, .fullScreen, .slideUp, .banner, .tooltip, .survey: true
        // A carousel's text is on its pages.
        case .image, .video, .html, .carousel: false
        }
    }

    /// Whether tapping the card itself is a content click.
    var isContentClickable: Bool {
        message.contentAction != nil || (message.kind == .tooltip && message.tooltip?.redirectURL != nil)
    }

    /// Seconds before the message closes by itself, if it does.
    var autoCloseSeconds: Double? {
        let seconds: Double? = switch message.kind {
        case .banner: banner.autoCloseSeconds
        case .image: message.media?.autoCloseSeconds
        case .tooltip: message.tooltip?.autoDisappearSeconds.map(Double.init)
        case .modal, .fullScreen, .slideUp, .video, .html, .carousel, .survey: nil
        }
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        return seconds
    }

    /// The layout an orientation-aware kind uses: the message's hint, else the viewport's shape,
    /// else `any` (decided by a media query in the browser).
    var layout: Orientation {
        if message.orientation != .any { return message.orientation }
        guard let viewport = options.viewport else { return .any }
        return viewport.isLandscape ? .landscape : .portrait
    }

    /// `#marquee-root`, holding the whole message.
    var root: Markup {
        var classes = ["mq-root", "mq-kind-\(message.kind.rawValue)"]
        var extra: [Markup.Attribute] = []
        switch message.kind {
        case .modal, .fullScreen:
            classes.append("mq-layout-\(layout.rawValue)")
        case .slideUp:
            classes.append("mq-slide-\(slideEdge.rawValue)")
            extra.append(Markup.Attribute("data-slide-from", slideEdge.rawValue))
        case .banner:
            classes.append("mq-banner-\(banner.placement.rawValue)")
            extra.append(Markup.Attribute("data-banner-placement", banner.placement.rawValue))
        case .tooltip:
            let position = message.tooltip?.position ?? .standard
            classes.append("mq-tip-\(position.rawValue)")
            extra.append(Markup.Attribute("data-tooltip-position", position.rawValue))
            extra.append(Markup.Attribute("data-tooltip-target", message.tooltip?.targetElementID ?? ""))
        case .carousel:
            extra.append(Markup.Attribute("data-page-count", String(text.pages.count)))
        case .survey:
            extra.append(Markup.Attribute("data-question-count", String(text.survey?.questions.count ?? 0)))
        case .image, .video, .html:
            break
        }
        if isEmbedded { classes.append("mq-embedded") }
        let attributes: [Markup.Attribute?] = [
            Markup.Attribute("id", "marquee-root"),
            Markup.Attribute("class", classes.joined(separator: " ")),
            Markup.Attribute("data-marquee-id", "marquee-root"),
            Markup.Attribute("data-marquee-kind", message.kind.rawValue),
            Markup.Attribute("data-orientation", message.orientation.rawValue),
            Markup.Attribute("data-dismissable", message.isDismissable ? "true" : "false"),
            Markup.Attribute("data-modal", isModal ? "true" : "false"),
            autoCloseSeconds.map { Markup.Attribute("data-auto-close", Self.format($0)) },
            options.embedding.map { Markup.Attribute("data-placement", $0.placement) },
        ] + extra
        return appScreen(around: .tag("div", attributes, [body]))
    }

    private var body: Markup {
        switch message.kind {
        case .modal, .fullScreen: cardMarkup
        case .slideUp: slideUpMarkup
        case .banner: bannerMarkup
        case .image: imageMarkup
        case .video: videoMarkup
        case .html: htmlMarkup
        case .tooltip: tooltipMarkup
        case .carousel: carouselMarkup
        case .survey: surveyMarkup
        }
    }

    /// `5` for whole seconds, `2.5` otherwise: what the bridge's `parseFloat` reads.
    static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
