import MarqueeModel

/// Lays out one message for the terminal as styled lines.
struct TerminalLayout {
    let message: Message
    let text: MessageText
    let palette: ThemePalette
    let width: Int
    let isRightToLeft: Bool
    /// The words of the message's own controls (close, opt-out).
    let strings: RenderStrings

    init(message: Message, options: RenderOptions, width: Int) {
        self.message = message
        text = MessageText(message, values: options.personalization)
        palette = ThemePalette(options.resolvedColors(for: message), dark: options.resolvedTheme(for: message) == .dark)
        self.width = width
        isRightToLeft = message.appearance.layoutDirection == .rightToLeft
        strings = options.strings
    }

    var lines: [TerminalLine] {
        switch message.kind {
        case .modal: modal
        case .fullScreen: fullScreen
        case .slideUp: slideUp
        case .banner: banner
        case .image: media(isVideo: false)
        case .video: media(isVideo: true)
        case .html: html
        case .tooltip: tooltip
        case .carousel: carousel
        case .survey: survey
        }
    }

    // MARK: Shared pieces

    var frameStyle: TerminalStyle { TerminalStyle(foreground: palette.title, background: palette.frame) }
    var captionStyle: TerminalStyle { TerminalStyle(dim: true) }

    func box(_ border: TerminalBox.Border, width boxWidth: Int, placement: TerminalBox.Placement = .center) -> TerminalBox {
        TerminalBox(border: border, width: min(boxWidth, width), placement: placement, availableWidth: width,
                    frameStyle: frameStyle, background: palette.background, label: message.kind.rawValue)
    }

    /// Wrapped, aligned lines of campaign text in one style.
    func paragraph(_ raw: String?, style: TerminalStyle, width: Int, alignment: TextAlignment? = nil) -> [TerminalLine] {
        guard let raw else { return [] }
        let clean = TerminalText.sanitized(raw)
        guard clean.contains(where: { !$0.isWhitespace }) else { return [] }
        return TextWrapper.wrap(clean, width: width).map { line in
            TerminalLine(TextWrapper.align(line, width: width, alignment: alignment ?? message.textAlignment,
                                           rightToLeft: isRightToLeft), style)
        }
    }

    /// Header, title and body.
    func textLines(width: Int, prefix: String? = nil) -> [TerminalLine] {
        let title = [prefix, text.title.isEmpty ? nil : text.title].compactMap { $0 }.joined(separator: " ")
        return paragraph(text.header, style: TerminalStyle(foreground: palette.header), width: width)
            + paragraph(title, style: TerminalStyle(foreground: palette.title, bold: true), width: width)
            + paragraph(text.body, style: TerminalStyle(foreground: palette.body), width: width)
    }

    /// A one-line mention of the message image, when it has a usable one.
    func imageMention(width: Int) -> [TerminalLine] {
        guard let url = MediaURL(message.image?.url) else { return [] }
        let label = text.imageAlt.isEmpty ? url.origin : text.imageAlt
        return paragraph("▧ image: " + label, style: captionStyle, width: width, alignment: .leading)
    }

    /// Numbered choices: buttons (and extra actions such as HTML links), then the message's own controls.
    func choices(width: Int, extra: [(label: String, style: TerminalStyle)] = []) -> [TerminalLine] {
        let buttons = text.buttons.map { button in
            (label: "[\(button.number)] " + TerminalText.sanitized(button.text, keepingNewlines: false),
             style: TerminalStyle(foreground: button.textColor, background: button.backgroundColor, bold: true))
        }
        var controls: [(label: String, style: TerminalStyle)] = []
        if isContentClickable { controls.append(("[c] tap message", TerminalStyle(foreground: palette.body))) }
        if message.showsOptOut { controls.append(("[o] " + strings.optOut, TerminalStyle(foreground: palette.body))) }
        if message.isDismissable { controls.append(("[x] " + strings.close, TerminalStyle(foreground: palette.body))) }
        return chipLines(buttons + extra, width: width) + chipLines(controls, width: width)
    }

    /// Chips two spaces apart, wrapped onto as many lines as needed, starting at the leading edge.
    func chipLines(_ chips: [(label: String, style: TerminalStyle)], width: Int) -> [TerminalLine] {
        var lines: [TerminalLine] = []
        var current = TerminalLine()
        func finish() {
            guard !current.spans.isEmpty else { return }
            if isRightToLeft {
                current.spans.insert(TerminalLine.Span(text: String(repeating: " ", count: max(0, width - current.width)), style: .plain), at: 0)
            }
            lines.append(current)
            current = TerminalLine()
        }
        for chip in chips {
            let chipWidth = DisplayWidth.of(chip.label)
            if !current.spans.isEmpty, current.width + 2 + chipWidth > width { finish() }
            if chipWidth > width {
                // A label too long for a line wraps inside its own colours.
                finish()
                for piece in TextWrapper.wrap(chip.label, width: width) {
                    current.append(piece.text, chip.style)
                    finish()
                }
                continue
            }
            if !current.spans.isEmpty { current.append("  ") }
            current.append(chip.label, chip.style)
        }
        finish()
        return lines
    }

    /// Sections joined by blank lines, skipping empty ones.
    func sections(_ parts: [[TerminalLine]]) -> [TerminalLine] {
        parts.filter { !$0.isEmpty }.enumerated().flatMap { index, part in index == 0 ? part : [TerminalLine()] + part }
    }

    /// A dim note outside the box, cut to the terminal width and placed like the box.
    func caption(_ raw: String, placement: TerminalBox.Placement = .left, within box: TerminalBox? = nil) -> TerminalLine {
        let text = TextWrapper.truncate(TerminalText.sanitized(raw, keepingNewlines: false), width: box?.width ?? width)
        let span = box?.width ?? width
        let slack = max(0, span - DisplayWidth.of(text))
        let lead = switch placement {
        case .left: 0
        case .center: slack / 2
        case .right: slack
        }
        return TerminalLine(String(repeating: " ", count: (box?.offset ?? 0) + lead) + text, captionStyle)
    }

    var isContentClickable: Bool {
        message.contentAction != nil || (message.kind == .tooltip && message.tooltip?.redirectURL != nil)
    }

    /// `closes after 5 s` for kinds that close by themselves.
    var autoCloseNote: String? {
        let seconds: Double? = switch message.kind {
        case .banner: (message.banner ?? BannerSettings()).autoCloseSeconds
        case .image: message.media?.autoCloseSeconds
        case .tooltip: message.tooltip?.autoDisappearSeconds.map(Double.init)
        case .modal, .fullScreen, .slideUp, .video, .html, .carousel, .survey: nil
        }
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        return "closes after \(MessageMarkup.format(seconds)) s"
    }
}
