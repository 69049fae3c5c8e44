import MarqueeModel

/// Embedded content in a mock app screen, for previews (``Embedding/showsAppScreen``): an app
/// bar, the placement's name above the card in its place, and grey rows standing for the app's
/// own content. On a device the card stands alone.
extension MessageMarkup {
    func appScreen(around content: Markup) -> Markup {
        guard let embedding = options.embedding, embedding.showsAppScreen else { return content }
        let row = Markup.tag("div", [Markup.Attribute("class", "mq-app-row"), Markup.Attribute("aria-hidden", "true")], [])
        return .tag("div", [
            Markup.Attribute("id", "marquee-app-screen"),
            Markup.Attribute("class", "mq-app-screen"),
            Markup.Attribute("data-marquee-id", "marquee-app-screen"),
        ], [
            .tag("div", [Markup.Attribute("class", "mq-app-bar"), Markup.Attribute("aria-hidden", "true")], [.text("App")]),
            .tag("p", [Markup.Attribute("class", "mq-placement-name"), Markup.Attribute("id", "marquee-placement-name")],
                 [.text(embedding.placement)]),
            content,
            row, row, row,
        ])
    }
}
