import MarqueeModel

/// An app's style defaults for in-app messages: one ``MessageStyle`` for all kinds, and one per
/// ``MarqueeModel/MessageKind`` on top of it.
///
/// Precedence, lowest first, value by value:
/// 1. Marquee's built-in design for the kind;
/// 2. ``all``, the fallback for every kind;
/// 3. the kind's own style (`defaults[.modal]`);
/// 4. the campaign: its fonts (``MarqueeModel/Appearance``), its text colours when it set any
///    (the model fills in black text for a campaign that names no colour, so black counts as unset),
///    its button colours, background and frame (always the campaign's).
///
/// Values out of range are clamped when a message is rendered, never rejected as a whole, so a
/// typo cannot hide every message; ``problems`` lists each one with the value used instead.
///
/// ```swift
/// var defaults = StyleDefaults()
/// defaults.all.title.fontName = "Avenir Next"
/// defaults[.modal].maxWidth = 360
/// defaults[.banner].padding = .all(8)
/// ```
public struct StyleDefaults: Sendable, Hashable {
    /// The fallback for every kind.
    public var all: MessageStyle
    private var kinds: [MessageKind: MessageStyle]

    /// Creates defaults; with no arguments, Marquee's built-in design for every kind.
    public init(all: MessageStyle = MessageStyle(), kinds: [MessageKind: MessageStyle] = [:]) {
        self.all = all
        self.kinds = kinds
    }

    /// The style set for one kind alone (without ``all``).
    public subscript(kind: MessageKind) -> MessageStyle {
        get { kinds[kind] ?? MessageStyle() }
        set { kinds[kind] = newValue }
    }

    /// The style a message of `kind` is rendered with: its kind's values over ``all``'s, clamped
    /// into range (see ``problems``).
    public func style(for kind: MessageKind) -> MessageStyle {
        var problems: [StyleProblem] = []
        return self[kind].merged(over: all).sanitized(problems: &problems, path: kind.rawValue)
    }

    /// Every value that is out of range and what is used instead, for ``all`` and each kind.
    public var problems: [StyleProblem] {
        var problems: [StyleProblem] = []
        _ = all.sanitized(problems: &problems, path: "all")
        for kind in MessageKind.allCases where kinds[kind] != nil {
            _ = self[kind].sanitized(problems: &problems, path: kind.rawValue)
        }
        return problems
    }
}
