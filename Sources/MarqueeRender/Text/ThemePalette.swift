import MarqueeModel

/// The colours a message is drawn with in one theme.
///
/// A message has one set of colours, written for a light screen. The dark theme keeps brand
/// colours as they are and swaps only the neutrals: a near-white surface becomes a dark surface
/// and near-black text becomes light text, so a default black-on-white message reads well in dark
/// mode while a red promotional card stays red. On a swapped surface, text in a brand colour that
/// would fall below 4.5:1 contrast (navy on near-black) becomes light text as well. Button colours
/// never change.
struct ThemePalette: Sendable, Hashable {
    var background: HexColor
    var frame: HexColor
    var header: HexColor
    var title: HexColor
    var body: HexColor
    /// CSS colour of the dimmed backdrop behind modal messages.
    var scrim: String
    /// CSS shadow under floating cards.
    var shadow: String
    /// The dashed placeholder for a tooltip's target.
    var anchor: HexColor
    /// The keyboard focus ring.
    var focus: HexColor

    /// The palette for `colors` in a light or dark theme (`automatic` reads as light).
    init(_ colors: MessageColors, dark: Bool) {
        guard dark else {
            background = colors.background
            frame = colors.frame
            header = colors.header
            title = colors.title
            body = colors.body
            scrim = "rgba(0, 0, 0, 0.4)"
            shadow = "0 8px 32px rgba(0, 0, 0, 0.18)"
            anchor = HexColor("#8E8E93")!
            focus = HexColor("#2563EB")!
            return
        }
        func surface(_ color: HexColor, _ replacement: String) -> HexColor {
            color.isLightNeutral ? color.keepingAlpha(of: HexColor(replacement)!) : color
        }
        let darkBackground = surface(colors.background, "#1C1C1E")
        let swapsSurface = darkBackground != colors.background
        func text(_ color: HexColor, _ replacement: String) -> HexColor {
            // A brand colour picked for the light surface may vanish on the dark one (navy on
            // near-black); below WCAG AA's 4.5:1 it gets the light neutral too.
            let unreadable = swapsSurface && color.contrastRatio(with: darkBackground) < 4.5
            return color.isDarkNeutral || unreadable ? color.keepingAlpha(of: HexColor(replacement)!) : color
        }
        background = darkBackground
        frame = surface(colors.frame, "#3A3A3C")
        header = text(colors.header, "#AEAEB2")
        title = text(colors.title, "#F2F2F7")
        body = text(colors.body, "#E5E5EA")
        scrim = "rgba(0, 0, 0, 0.6)"
        shadow = "0 8px 32px rgba(0, 0, 0, 0.5)"
        anchor = HexColor("#98989D")!
        focus = HexColor("#60A5FA")!
    }

    /// CSS custom property declarations for this palette.
    var cssVariables: String {
        [
            "--mq-background: \(background.hex);",
            "--mq-frame: \(frame.hex);",
            "--mq-header: \(header.hex);",
            "--mq-title: \(title.hex);",
            "--mq-body: \(body.hex);",
            "--mq-scrim: \(scrim);",
            "--mq-shadow: \(shadow);",
            "--mq-anchor: \(anchor.hex);",
            "--mq-focus: \(focus.hex);",
        ].joined(separator: " ")
    }
}
