extension Campaign {
    /// The texts inside `[...]` in the name, in order: `"[ctx A]~~[ctx B]ab ab[ctx C]"` gives
    /// `["ctx A", "ctx B", "ctx C"]` (see ``contexts(in:)`` for brackets inside brackets). A
    /// tooltip's contexts start with `Tooltip`, as RInAppMessaging clients read them from the
    /// `[Tooltip]` title prefix.
    public var contexts: [String] {
        let found = Self.contexts(in: name)
        guard message.kind == .tooltip, !found.contains(Self.tooltipContext) else { return found }
        return [Self.tooltipContext] + found
    }

    /// The contexts the app is asked to verify before display: the `Tooltip` marker is not one.
    public var verifiableContexts: [String] {
        message.kind == .tooltip ? contexts.filter { $0 != Self.tooltipContext } : contexts
    }

    /// The context every tooltip carries.
    public static let tooltipContext = "Tooltip"

    /// A context runs from a `[` to the next `]`: a `[` inside it is part of its text, a `]`
    /// outside one is plain text, an unclosed `[` starts nothing, and an empty `[]` is no context.
    /// So `"[a[b]c] []"` has the one context `a[b`, as RInAppMessaging's iOS client reads it (its
    /// Android client reads the same `a[b`, and an empty context after it: such clients are sent
    /// the name ``withoutEmptyContexts(_:)``).
    public static func contexts(in name: String) -> [String] {
        var contexts: [String] = []
        var current: String?
        for character in name {
            switch (character, current) {
            case ("[", nil): current = ""
            case ("]", let found?):
                if !found.isEmpty { contexts.append(found) }
                current = nil
            case (_, .some): current?.append(character)
            case (_, nil): break
            }
        }
        return contexts
    }

    /// `name` without its empty `[]` contexts, which RInAppMessaging's Android client reads as
    /// an empty context and its iOS client as none: with them gone, both read
    /// ``contexts(in:)``. A `[]` inside a context is part of that context's text and stays.
    public static func withoutEmptyContexts(_ name: String) -> String {
        var kept = ""
        var insideContext = false
        var pendingOpen = false
        for character in name {
            if pendingOpen {
                pendingOpen = false
                if character == "]" { continue }
                kept.append("[")
                insideContext = true
            }
            switch (character, insideContext) {
            case ("[", false): pendingOpen = true
            case ("]", true): insideContext = false; kept.append(character)
            case (_, _): kept.append(character)
            }
        }
        if pendingOpen { kept.append("[") }
        return kept
    }
}
