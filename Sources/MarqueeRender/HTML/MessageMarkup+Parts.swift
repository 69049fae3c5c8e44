import MarqueeModel

/// The pieces every kind is assembled from.
extension MessageMarkup {
    /// `#marquee-message`, the dialog itself, with the given content.
    func card(_ children: [Markup?], label: String? = nil) -> Markup {
        let hasTitle = !text.title.isEmpty
        // The tooltip stage is laid out left to right; the bubble restores the text direction.
        let direction = message.kind == .tooltip ? Markup.Attribute("dir", isRightToLeft ? "rtl" : "ltr") : nil
        return .tag("section", [
            Markup.Attribute("id", "marquee-message"),
            direction,
            Markup.Attribute("class", "mq-card"),
            Markup.Attribute("data-marquee-id", "marquee-message"),
            Markup.Attribute("role", "dialog"),
            Markup.Attribute("aria-modal", isModal ? "true" : "false"),
            hasTitle && label == nil ? Markup.Attribute("aria-labelledby", "marquee-title") : nil,
            label.map { Markup.Attribute("aria-label", $0) },
            text.body != nil && showsBody ? Markup.Attribute("aria-describedby", "marquee-body") : nil,
            Markup.Attribute("tabindex", isContentClickable ? "0" : "-1"),
            isContentClickable ? Markup.Attribute("data-marquee-action", "content") : nil,
        ], children)
    }

    /// The close control, when the user may close the message (embedded content stays in its place).
    var closeButton: Markup? {
        guard message.isDismissable, !isEmbedded else { return nil }
        return .tag("button", [
            Markup.Attribute("type", "button"),
            Markup.Attribute("id", "marquee-close"),
            Markup.Attribute("class", "mq-close"),
            Markup.Attribute("data-marquee-id", "marquee-close"),
            Markup.Attribute("data-marquee-action", "close"),
            Markup.Attribute("aria-label", options.strings.close),
        ], [closeContent])
    }

    /// What the close control shows; its label stays the accessible name either way.
    private var closeContent: Markup {
        switch style.dismissIcon {
        case nil, .cross: return .text("×")
        case .boldCross: return .text("✕")
        case .label: return .text(options.strings.close)
        case .image:
            // An unusable URL was replaced by the cross when the style was clamped.
            guard let dismissImage else { return .text("×") }
            return .tag("img", [
                Markup.Attribute("src", dismissImage.absoluteString),
                Markup.Attribute("alt", ""),
                Markup.Attribute("referrerpolicy", "no-referrer"),
            ])
        }
    }

    /// Header, title and body.
    var textBlock: Markup {
        .tag("div", [Markup.Attribute("class", "mq-text")], [
            text.header.map { textElement("p", id: "marquee-header", class: "mq-header", $0) },
            text.title.isEmpty ? nil : textElement("h1", id: "marquee-title", class: "mq-title", text.title),
            text.body.map { textElement("p", id: "marquee-body", class: "mq-body", $0) },
        ])
    }

    /// The title for assistive technologies only, for kinds whose content is media or pages.
    var hiddenTitle: Markup? {
        text.title.isEmpty ? nil : textElement("h1", id: "marquee-title", class: "mq-title mq-visually-hidden", text.title)
    }

    /// The text of a message whose content is media: with a body, a caption under the media
    /// showing the title and two lines of the body, which a tap expands to all of it and
    /// collapses again (Acoustic's image and video templates); without one, the title for
    /// assistive technologies only.
    var mediaText: Markup? {
        guard let body = text.body, !body.isEmpty else { return hiddenTitle }
        return .tag("div", [
            Markup.Attribute("id", "marquee-caption"),
            Markup.Attribute("class", "mq-text mq-caption"),
            Markup.Attribute("data-marquee-id", "marquee-caption"),
            Markup.Attribute("data-marquee-action", "expand"),
        ], [
            text.title.isEmpty ? nil : textElement("h1", id: "marquee-title", class: "mq-title", text.title),
            textElement("p", id: "marquee-body", class: "mq-body", body),
        ])
    }

    /// The message image, when it has a usable one.
    func imageBlock(alt: String) -> Markup? {
        image.map { imageBlock($0, id: "marquee-image", alt: alt) }
    }

    /// An image in the media frame, its element named `id` (the message's, or a carousel page's).
    func imageBlock(_ image: MediaURL, id: String, alt: String) -> Markup {
        .tag("div", [Markup.Attribute("class", "mq-media")], [
            .tag("img", [
                Markup.Attribute("id", id),
                Markup.Attribute("data-marquee-id", id),
                Markup.Attribute("src", image.absoluteString),
                Markup.Attribute("alt", alt),
                Markup.Attribute("decoding", "async"),
                Markup.Attribute("referrerpolicy", "no-referrer"),
            ]),
        ])
    }

    /// The "don't show this again" checkbox, when the campaign asks for one.
    var optOut: Markup? {
        guard message.showsOptOut, !isEmbedded else { return nil }
        return .tag("label", [
            Markup.Attribute("class", "mq-opt-out"),
            Markup.Attribute("for", "marquee-opt-out"),
            Markup.Attribute("data-marquee-action", "opt-out"),
        ], [
            .tag("input", [
                Markup.Attribute("type", "checkbox"),
                Markup.Attribute("id", "marquee-opt-out"),
                Markup.Attribute("data-marquee-id", "marquee-opt-out"),
                Markup.Attribute("aria-label", options.strings.optOut),
            ]),
            .tag("span", [], [.text(options.strings.optOut)]),
        ])
    }

    /// The message's buttons (at most two), each coloured by its own rule in the stylesheet.
    var buttonRow: Markup? {
        buttonRow(text.buttons, idPrefix: "marquee-button")
    }

    /// `buttons` in a row, each element named `idPrefix-number` (the message's, or a carousel page's).
    func buttonRow(_ buttons: [MessageText.Button], idPrefix: String) -> Markup? {
        guard !buttons.isEmpty else { return nil }
        return .tag("div", [Markup.Attribute("class", "mq-buttons")], buttons.map { button in
            .tag("button", [
                Markup.Attribute("type", "button"),
                Markup.Attribute("id", "\(idPrefix)-\(button.number)"),
                Markup.Attribute("class", "mq-button"),
                Markup.Attribute("data-marquee-id", "\(idPrefix)-\(button.number)"),
                Markup.Attribute("data-marquee-action", "button"),
                Markup.Attribute("data-marquee-button", button.id),
                Markup.Attribute("aria-label", button.text),
            ], [.text(button.text)])
        })
    }

    private func textElement(_ name: String, id: String, class className: String, _ content: String) -> Markup {
        .tag(name, [
            Markup.Attribute("id", id),
            Markup.Attribute("class", className),
            Markup.Attribute("data-marquee-id", id),
        ], [.text(content)])
    }
}
