import MarqueeModel

/// The fonts a message is drawn with, by name; `nil` for the system's.
public struct MessageFonts: Sendable, Hashable {
    public var title: String?
    public var body: String?
    public var button: String?

    /// Each named font once, in the order title, body, button.
    public var all: [String] {
        [title, body, button].compactMap { $0 }.reduce(into: []) { names, name in
            if !names.contains(name) { names.append(name) }
        }
    }
}

extension RenderOptions {
    /// The fonts `message` is drawn with: the campaign's, else the app's style for its kind. A
    /// blank name counts as none.
    public func fontNames(for message: Message) -> MessageFonts {
        let style = resolvedStyle(for: message)
        let appearance = message.appearance
        func font(_ campaign: String?, _ app: String?) -> String? {
            [campaign, app].lazy.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        }
        return MessageFonts(title: font(appearance.titleFont, style.title.fontName), body: font(appearance.bodyFont, style.body.fontName),
                            button: font(appearance.buttonFont, style.button.fontName))
    }
}
