import Foundation

/// Words an app may replace one by one from its own `Localizable.strings`, in every language at
/// once: Marquee's words in messages (``RenderStrings``) and the App Inbox's (``InboxLabels``).
public protocol AppLocalizableWords: Sendable {
    /// Each word's key in `Localizable.strings` (`"MarqueeInbox.title"`).
    static var stringsKeys: [(key: String, word: WritableKeyPath<Self, String>)] { get }

    /// Whether `text` may replace `current` at `word`; words used as formats must keep their
    /// arguments. Any text may, unless a type says otherwise.
    static func accepts(_ text: String, replacing current: String, at word: WritableKeyPath<Self, String>) -> Bool
}

extension AppLocalizableWords {
    public static func accepts(_ text: String, replacing current: String, at word: WritableKeyPath<Self, String>) -> Bool {
        true
    }

    /// These words with each one `lookup` finds under its key (``stringsKeys``) in its place. A
    /// blank text is ignored, as one the type does not accept is.
    public func overriding(_ lookup: (String) -> String?) -> Self {
        var words = self
        for (key, word) in Self.stringsKeys {
            guard let text = lookup(key), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                  Self.accepts(text, replacing: self[keyPath: word], at: word) else { continue }
            words[keyPath: word] = text
        }
        return words
    }
}

extension RenderStrings: AppLocalizableWords {
    public static var stringsKeys: [(key: String, word: WritableKeyPath<RenderStrings, String>)] {
        [
            ("Marquee.close", \.close), ("Marquee.optOut", \.optOut), ("Marquee.videoUnavailable", \.videoUnavailable),
            ("Marquee.previousPage", \.previousPage), ("Marquee.nextPage", \.nextPage), ("Marquee.pagePosition", \.pagePosition),
            ("Marquee.submit", \.submit), ("Marquee.thankYou", \.thankYou), ("Marquee.done", \.done),
            ("Marquee.required", \.required), ("Marquee.answerRequired", \.answerRequired), ("Marquee.unlikely", \.unlikely),
            ("Marquee.likely", \.likely),
        ]
    }
}
