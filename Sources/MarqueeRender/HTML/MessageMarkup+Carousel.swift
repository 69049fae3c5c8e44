import MarqueeModel

/// A carousel: one page shown at a time, the others hidden until the bridge shows them, with
/// arrows and a dot per page. The bridge moves between pages on a swipe, an arrow, a dot or the
/// arrow keys, and reports each page the user sees (``BridgeMessage/pageViewed(index:)``).
extension MessageMarkup {
    var carouselMarkup: Markup {
        let count = text.pages.count
        return card([
            closeButton,
            hiddenTitle,
            .tag("div", [
                Markup.Attribute("id", "marquee-pages"),
                Markup.Attribute("class", "mq-pages"),
                Markup.Attribute("data-marquee-id", "marquee-pages"),
                Markup.Attribute("aria-live", "polite"),
            ], text.pages.map { page(at: $0, of: count) }),
            optOut,
            count > 1 ? pageNavigation(count: count) : nil,
        ], label: text.title.isEmpty ? text.pages.first?.title : nil)
    }

    private func page(at page: MessageText.Page, of count: Int) -> Markup {
        let id = "marquee-page-\(page.number)"
        let image = pageImages[page.number - 1].map { imageBlock($0, id: "\(id)-image", alt: page.imageAlt) }
        let buttons = buttonRow(page.buttons, idPrefix: "\(id)-button")
        return .tag("section", [
            Markup.Attribute("id", id),
            Markup.Attribute("class", "mq-page"),
            Markup.Attribute("data-marquee-id", id),
            Markup.Attribute("data-marquee-page", page.id),
            Markup.Attribute("role", "group"),
            Markup.Attribute("aria-roledescription", "slide"),
            Markup.Attribute("aria-label", options.strings.position(page: page.number, of: count)),
            page.number == 1 ? nil : Markup.Attribute("hidden", ""),
        ], [
            image,
            .tag("div", [Markup.Attribute("class", "mq-text")], [
                page.title.isEmpty ? nil : .tag("h2", [Markup.Attribute("class", "mq-title"), Markup.Attribute("id", "\(id)-title")],
                                                [.text(page.title)]),
                page.body.map { .tag("p", [Markup.Attribute("class", "mq-body"), Markup.Attribute("id", "\(id)-body")], [.text($0)]) },
            ]),
            buttons,
        ])
    }

    /// The arrows and one dot per page; the bridge keeps `aria-current` on the dot of the page shown.
    private func pageNavigation(count: Int) -> Markup {
        func arrow(_ direction: String, label: String, symbol: String) -> Markup {
            .tag("button", [
                Markup.Attribute("type", "button"),
                Markup.Attribute("id", "marquee-page-\(direction)"),
                Markup.Attribute("class", "mq-arrow"),
                Markup.Attribute("data-marquee-id", "marquee-page-\(direction)"),
                Markup.Attribute("data-marquee-action", "page-\(direction)"),
                Markup.Attribute("aria-label", label),
            ], [.text(symbol)])
        }
        let dots = (1...count).map { number in
            Markup.tag("button", [
                Markup.Attribute("type", "button"),
                Markup.Attribute("id", "marquee-dot-\(number)"),
                Markup.Attribute("class", "mq-dot"),
                Markup.Attribute("data-marquee-id", "marquee-dot-\(number)"),
                Markup.Attribute("data-marquee-action", "page"),
                Markup.Attribute("data-marquee-page-index", String(number - 1)),
                Markup.Attribute("aria-label", options.strings.position(page: number, of: count)),
                number == 1 ? Markup.Attribute("aria-current", "true") : nil,
            ], [])
        }
        let start = isRightToLeft ? "›" : "‹", end = isRightToLeft ? "‹" : "›"
        return .tag("nav", [Markup.Attribute("class", "mq-pager")], [
            arrow("previous", label: options.strings.previousPage, symbol: start),
            .tag("div", [Markup.Attribute("class", "mq-dots")], dots),
            arrow("next", label: options.strings.nextPage, symbol: end),
        ])
    }
}
