import MarqueeModel

/// The layout of each message kind.
extension MessageMarkup {
    /// Modal and full screen: media above (or beside, in landscape) the text and controls.
    var cardMarkup: Markup {
        card([
            closeButton,
            imageBlock(alt: text.imageAlt),
            .tag("div", [Markup.Attribute("class", "mq-content")], [textBlock, optOut, buttonRow]),
        ])
    }

    /// A compact card with a thumbnail beside the text.
    var slideUpMarkup: Markup {
        card([
            closeButton,
            .tag("div", [Markup.Attribute("class", "mq-row")], [imageBlock(alt: text.imageAlt), textBlock]),
            optOut,
            buttonRow,
        ])
    }

    /// A full-width strip: icon, text and buttons in one row.
    var bannerMarkup: Markup {
        let icon: Markup? = banner.icon.map { icon in
            .tag("span", [
                Markup.Attribute("class", "mq-icon"),
                Markup.Attribute("data-marquee-icon", icon.rawValue),
                Markup.Attribute("aria-hidden", "true"),
            ], [.text(icon.symbol)])
        }
        return card([
            closeButton,
            .tag("div", [Markup.Attribute("class", "mq-row")], [icon, textBlock, buttonRow]),
            optOut,
        ])
    }

    /// The image is the message; its text is a caption below it (``mediaText``).
    var imageMarkup: Markup {
        card([closeButton, imageBlock(alt: text.mediaAlt), mediaText, optOut, buttonRow])
    }

    /// A video that plays inline and closes the message when it ends.
    var videoMarkup: Markup {
        let player: Markup
        if let video {
            player = .tag("div", [Markup.Attribute("class", "mq-media")], [
                .tag("video", [
                    Markup.Attribute("id", "marquee-video"),
                    Markup.Attribute("data-marquee-id", "marquee-video"),
                    Markup.Attribute("src", video.absoluteString),
                    image.map { Markup.Attribute("poster", $0.absoluteString) },
                    Markup.Attribute("aria-label", text.mediaAlt),
                    // Browsers only autoplay muted video; the controls let the user unmute.
                    Markup.Attribute("controls"),
                    Markup.Attribute("autoplay"),
                    Markup.Attribute("muted"),
                    Markup.Attribute("playsinline"),
                    Markup.Attribute("preload", "metadata"),
                ], [.text(options.strings.videoUnavailable)]),
            ])
        } else {
            player = .tag("p", [Markup.Attribute("class", "mq-body mq-unavailable")], [.text(options.strings.videoUnavailable)])
        }
        return card([closeButton, player, mediaText, optOut, buttonRow])
    }

    /// Campaign HTML in a sandboxed frame: scripts run, but in an opaque origin that can reach
    /// neither the app's pages nor this document, and never navigate the top window.
    var htmlMarkup: Markup {
        let footer: Markup? = optOut == nil && buttonRow == nil
            ? nil : .tag("div", [Markup.Attribute("class", "mq-footer")], [optOut, buttonRow])
        return card([
            closeButton,
            .tag("iframe", [
                Markup.Attribute("id", "marquee-frame"),
                Markup.Attribute("class", "mq-frame"),
                Markup.Attribute("data-marquee-id", "marquee-frame"),
                Markup.Attribute("title", text.title.isEmpty ? message.kind.rawValue : text.title),
                Markup.Attribute("sandbox", "allow-scripts"),
                Markup.Attribute("referrerpolicy", "no-referrer"),
                Markup.Attribute("srcdoc", (frame ?? FrameDocument(text.html ?? "")).html),
            ]),
            footer,
        ], label: text.title.isEmpty ? nil : text.title)
    }

    /// A bubble beside its target, with an arrow pointing at it.
    var tooltipMarkup: Markup {
        let target = message.tooltip?.targetElementID ?? ""
        let anchor: Markup? = options.showsTooltipTarget
            ? .tag("div", [
                Markup.Attribute("class", "mq-anchor"),
                Markup.Attribute("data-marquee-id", "marquee-tooltip-target"),
                Markup.Attribute("aria-hidden", "true"),
            ], [.text(target)])
            : nil
        let bubble = card([
            closeButton,
            imageBlock(alt: text.imageAlt),
            textBlock,
            optOut,
            buttonRow,
            .tag("span", [Markup.Attribute("class", "mq-arrow"), Markup.Attribute("aria-hidden", "true")]),
        ])
        return .tag("div", [Markup.Attribute("class", "mq-stage")], [anchor, bubble])
    }
}
