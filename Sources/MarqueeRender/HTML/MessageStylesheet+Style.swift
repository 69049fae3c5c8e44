import MarqueeModel

/// The rules an app's ``MessageStyle`` adds. They come after the kind's rules and select by id,
/// so they beat Marquee's built-in values for every kind; with no style they add nothing, and the
/// document is the same as without defaults.
extension MessageStylesheet {
    var styleRules: [String] {
        func px(_ value: Double) -> String { "\(CSSEscaping.number(value))px" }
        func rule(_ selector: String, _ declarations: [String?]) -> String? {
            let present = declarations.compactMap { $0 }
            return present.isEmpty ? nil : "\(selector) { \(present.joined(separator: " ")) }"
        }
        let padding = style.padding
        let root = rule("#marquee-root", [
            padding.top.map { "padding-top: \(px($0));" },
            padding.bottom.map { "padding-bottom: \(px($0));" },
            padding.leading.map { "padding-inline-start: \(px($0));" },
            padding.trailing.map { "padding-inline-end: \(px($0));" },
        ])
        // `min` keeps the card on screen when the app's size is larger than the screen. Content
        // taller than the card scrolls, except in a tooltip, whose arrow hangs outside its bubble.
        let scrolls = markup.message.kind == .tooltip ? "" : " overflow: auto;"
        let card = rule("#marquee-message", [
            style.maxWidth.map { "max-width: min(100%, \(px($0)));" },
            style.maxHeight.map { "max-height: min(100%, \(px($0)));\(scrolls)" },
            style.cornerRadius.map { "border-radius: \(px($0));" },
        ])
        let title = rule("#marquee-root .mq-title", [style.title.fontSize.map { "font-size: \(px($0));" }])
        let body = rule("#marquee-root .mq-body", [style.body.fontSize.map { "font-size: \(px($0));" }])
        let button = rule("#marquee-root .mq-button", [
            style.button.fontSize.map { "font-size: \(px($0));" },
            style.button.cornerRadius.map { "border-radius: \(px($0));" },
            style.button.height.map { "min-height: \(px($0));" },
        ])
        return [root, card, title, body, button, dismissRule].compactMap { $0 }
    }

    /// Sizes the close control's content when it is not the default glyph.
    private var dismissRule: String? {
        switch style.dismissIcon {
        case nil, .cross: nil
        case .boldCross: "#marquee-close { font-size: 1.25rem; font-weight: 700; }"
        case .label: Self.labelRule + labelSpace
        case .image: "#marquee-close img { display: block; width: 24px; height: 24px; margin: auto; }"
        }
    }

    /// A word is wider than a glyph: it gets a readable backing and at most 112 points, cut with
    /// an ellipsis, so it never covers more of the message than the space reserved for it.
    private static let labelRule = "#marquee-close { width: auto; max-width: 112px; min-width: 44px; padding: 0 12px; border-radius: 22px; background: var(--mq-background); font-size: 0.9375rem; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }"

    /// Kinds whose text runs beside the close control keep the label's width free.
    private var labelSpace: String {
        switch markup.message.kind {
        case .slideUp, .banner: "\n#marquee-root .mq-row { padding-inline-end: 124px; }"
        case .tooltip: "\n#marquee-root .mq-text { padding-inline-end: 124px; }"
        case .modal, .fullScreen, .image, .video, .html, .carousel, .survey: ""
        }
    }
}
