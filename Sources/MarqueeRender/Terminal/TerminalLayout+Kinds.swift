import MarqueeModel

/// The layout of each kind in the terminal.
extension TerminalLayout {
    var modal: [TerminalLine] {
        let frame = box(.rounded, width: 56)
        return frame.lines(standardContent(width: frame.innerWidth))
    }

    /// Every page in turn, each under its position ("Page 1 of 3"); the pages' buttons are
    /// numbered on from page to page, as the simulator chooses them, the message's own controls
    /// below the last page.
    var carousel: [TerminalLine] {
        let frame = box(.rounded, width: 56)
        let inner = frame.innerWidth
        let firstNumbers = text.pages.reduce(into: [1]) { $0.append($0.last! + $1.buttons.count) }
        let pages = text.pages.map { page -> [TerminalLine] in
            let position = paragraph("── " + strings.position(page: page.number, of: text.pages.count) + " ──", style: captionStyle,
                                     width: inner, alignment: .center)
            let image = MediaURL(message.pages[page.number - 1].image?.url).map { url in
                paragraph("▧ image: " + (page.imageAlt.isEmpty ? url.origin : page.imageAlt), style: captionStyle, width: inner,
                          alignment: .leading)
            } ?? []
            let words = paragraph(page.title.isEmpty ? nil : page.title, style: TerminalStyle(foreground: palette.title, bold: true), width: inner)
                + paragraph(page.body, style: TerminalStyle(foreground: palette.body), width: inner)
            let chips = chipLines(page.buttons.map { button in
                (label: "[\(firstNumbers[page.number - 1] + button.number - 1)] " + TerminalText.sanitized(button.text, keepingNewlines: false),
                 style: TerminalStyle(foreground: button.textColor, background: button.backgroundColor, bold: true))
            }, width: inner)
            return sections([position, image, words, chips])
        }
        return frame.lines(sections(pages + [choices(width: inner)]))
    }

    var fullScreen: [TerminalLine] {
        let frame = box(.double, width: width)
        return frame.lines(standardContent(width: frame.innerWidth))
    }

    var slideUp: [TerminalLine] {
        let edge = message.slideFrom ?? .standard
        let placement: TerminalBox.Placement = switch edge {
        case .bottom, .top: .center
        case .left: .left
        case .right: .right
        }
        let frame = box(.rounded, width: 44, placement: placement)
        let body = frame.lines(standardContent(width: frame.innerWidth))
        switch edge {
        case .bottom: return body + [caption("↑ slides in from the bottom", placement: .center, within: frame)]
        case .top: return [caption("↓ slides in from the top", placement: .center, within: frame)] + body
        case .left: return [caption("→ slides in from the left", placement: .left, within: frame)] + body
        case .right: return [caption("← slides in from the right", placement: .right, within: frame)] + body
        }
    }

    var banner: [TerminalLine] {
        let settings = message.banner ?? BannerSettings()
        let frame = box(.square, width: width)
        var content = textLines(width: frame.innerWidth, prefix: settings.icon?.symbol)
        if let background = MediaURL(settings.backgroundImageURL) {
            content += paragraph("▧ background: " + background.origin, style: captionStyle, width: frame.innerWidth, alignment: .leading)
        }
        let body = frame.lines(sections([content, choices(width: frame.innerWidth)]))
        let note = ["pinned to \(settings.placement.rawValue)", autoCloseNote].compactMap { $0 }.joined(separator: " · ")
        return settings.placement == .top
            ? [caption("▔ " + note)] + body
            : body + [caption("▁ " + note)]
    }

    func media(isVideo: Bool) -> [TerminalLine] {
        let frame = box(.rounded, width: 48)
        let inner = frame.innerWidth
        let url = isVideo ? MediaURL(message.media?.videoURL) : MediaURL(message.image?.url)
        let label = url == nil
            ? (isVideo ? "video unavailable" : "image unavailable")
            : (isVideo ? "▶ " : "▧ ") + TerminalText.sanitized(text.mediaAlt, keepingNewlines: false)
        // A shaded block stands in for the picture, the alt text in its middle row.
        let shade = TerminalStyle(foreground: palette.body, dim: true)
        var block: [TerminalLine] = []
        for row in 0..<5 {
            if row == 2 {
                let fitted = TextWrapper.truncate(label, width: max(1, inner - 4))
                let slack = inner - DisplayWidth.of(fitted) - 2
                var line = TerminalLine(String(repeating: "░", count: slack / 2) + " ", shade)
                line.append(fitted, TerminalStyle(foreground: palette.title, bold: true))
                line.append(" " + String(repeating: "░", count: slack - slack / 2), shade)
                block.append(line)
            } else {
                block.append(TerminalLine(String(repeating: "░", count: inner), shade))
            }
        }
        let body = frame.lines(sections([block, choices(width: inner)]))
        let notes = [isVideo ? "closes when the video ends" : nil, autoCloseNote].compactMap { $0 }
        return body + notes.map { caption($0, placement: .center, within: frame) }
    }

    var html: [TerminalLine] {
        let frame = box(.rounded, width: 60)
        let inner = frame.innerWidth
        let source = text.html ?? ""
        let visible = HTMLTextExtractor.lines(in: source).flatMap {
            paragraph($0, style: TerminalStyle(foreground: palette.body), width: inner, alignment: .leading)
        }
        let firstNumber = text.buttons.count + 1
        let links = HTMLLinkClassifier.links(in: source).enumerated().map { offset, link in
            let name = link.text.isEmpty ? (link.type == .close ? "close" : link.url) : link.text
            // A label, however long the action's text or URL: at most one line of the frame.
            let shown = TextWrapper.truncate(TerminalText.sanitized(name, keepingNewlines: false), width: inner)
            return (label: "[\(firstNumber + offset)] " + shown + " (\(link.type.rawValue))",
                    style: TerminalStyle(foreground: palette.title, bold: true))
        }
        return frame.lines(sections([visible, choices(width: inner, extra: links)]))
    }

    var tooltip: [TerminalLine] {
        let settings = message.tooltip
        let position = settings?.position ?? .bottomCenter
        let target = settings?.targetElementID ?? ""
        let frame = box(.rounded, width: 36, placement: .center)
        let body = frame.lines(standardContent(width: frame.innerWidth))
        var notes: [TerminalLine] = []
        if let redirect = settings?.redirectURL, HTMLLinkClassifier.classify(url: redirect, actionType: nil) != nil {
            notes.append(caption("opens " + HTMLLinkClassifier.cleaned(redirect), placement: .center, within: frame))
        }
        if let note = autoCloseNote { notes.append(caption(note, placement: .center, within: frame)) }
        // The arrow sits on the bubble's edge nearest the target, like the HTML arrow.
        switch position {
        case .bottomLeft, .bottomCenter, .bottomRight:
            let placement: TerminalBox.Placement = position == .bottomLeft ? .right : position == .bottomRight ? .left : .center
            return [caption("▲ points at " + target, placement: placement, within: frame)] + body + notes
        case .topLeft, .topCenter, .topRight:
            let placement: TerminalBox.Placement = position == .topLeft ? .right : position == .topRight ? .left : .center
            return body + [caption("▼ points at " + target, placement: placement, within: frame)] + notes
        case .left:
            return body + [caption("points at " + target + " ▶", placement: .right, within: frame)] + notes
        case .right:
            return [caption("◀ points at " + target, placement: .left, within: frame)] + body + notes
        }
    }

    /// Image mention, text and choices: the body of the card kinds.
    func standardContent(width inner: Int) -> [TerminalLine] {
        sections([imageMention(width: inner), textLines(width: inner), choices(width: inner)])
    }
}
