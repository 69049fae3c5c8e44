import Foundation
import MarqueeModel

/// The one `<style>` element of a rendered message: shared rules, the rules for its kind, and
/// the few values that come from the campaign (colours, fonts, alignment, crop, background image).
///
/// Campaign values reach CSS only as validated colours, escaped CSS strings or validated URLs, so
/// the stylesheet's hash in the Content-Security-Policy covers everything it contains.
struct MessageStylesheet {
    let markup: MessageMarkup
    let theme: Theme
    /// The app's style for the message's kind (already clamped).
    var style: MessageStyle { markup.style }

    var css: String {
        let message = markup.message
        var rules: [String] = [variables]
        rules.append(Self.base)
        rules.append(Self.rules(for: message.kind))
        rules += styleRules
        rules.append(".mq-text { text-align: \(textAlign); }")
        if message.textAlignment == .justified { rules.append(".mq-text { text-align-last: start; }") }
        let fit = message.image?.crop == .center ? "contain" : "cover"
        rules.append(".mq-media img { object-fit: \(fit); }")
        for button in markup.text.buttons {
            rules.append("#marquee-button-\(button.number) { color: \(button.textColor.hex); background-color: \(button.backgroundColor.hex); }")
        }
        for page in markup.text.pages {
            for button in page.buttons {
                rules.append("#marquee-page-\(page.number)-button-\(button.number) { color: \(button.textColor.hex); "
                             + "background-color: \(button.backgroundColor.hex); }")
            }
        }
        if let background = markup.bannerBackground {
            rules.append("#marquee-message { background-image: url(\(CSSEscaping.string(background.absoluteString))); }")
        }
        if let embedding = markup.options.embedding {
            rules.append(Self.embedded)
            if embedding.showsAppScreen { rules.append(Self.appScreen) }
        }
        if let viewport = markup.options.viewport, viewport.width > 0, viewport.height > 0, markup.options.embedding?.showsAppScreen != true {
            // A preview at a fixed device size: the message is laid out inside the body, not the window.
            rules.append("html, body { width: \(CSSEscaping.number(viewport.width))px; height: \(CSSEscaping.number(viewport.height))px; }")
            rules.append("body { position: relative; } .mq-root { position: absolute; }")
        }
        return "\n" + rules.joined(separator: "\n") + "\n"
    }

    private var variables: String {
        let names = markup.options.fontNames(for: markup.message)
        let fonts = [
            "--mq-title-font: \(CSSEscaping.fontFamily(names.title));",
            "--mq-body-font: \(CSSEscaping.fontFamily(names.body));",
            "--mq-button-font: \(CSSEscaping.fontFamily(names.button));",
        ].joined(separator: " ")
        let faces = markup.embeddedFonts.map { font in
            "@font-face { font-family: \(CSSEscaping.string(font.family)); src: url(\(CSSEscaping.string(font.dataURL))); }\n"
        }.joined()
        let colors = markup.options.resolvedColors(for: markup.message)
        switch theme {
        case .light:
            return faces + ":root { \(fonts) \(ThemePalette(colors, dark: false).cssVariables) }"
        case .dark:
            return faces + ":root { \(fonts) \(ThemePalette(colors, dark: true).cssVariables) }"
        case .automatic:
            return faces + """
            :root { \(fonts) \(ThemePalette(colors, dark: false).cssVariables) }
            @media (prefers-color-scheme: dark) { :root { \(ThemePalette(colors, dark: true).cssVariables) } }
            """
        }
    }

    /// Logical values, so leading and trailing follow the document's direction (RTL included).
    private var textAlign: String {
        switch markup.message.textAlignment {
        case .leading: "start"
        case .center: "center"
        case .trailing: "end"
        case .justified: "justify"
        }
    }
}
