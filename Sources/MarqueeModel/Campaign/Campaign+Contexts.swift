extension Campaign {
    /// The texts inside `[...]` in the name, in order: `"[ctx A]~~[ctx B]ab ab[ctx C]"` gives
    /// `["ctx A", "ctx B", "ctx C"]`; an unclosed bracket is ignored. `Tooltip` is not a context.
    public var contexts: [String] { Self.contexts(in: name) }

    public static func contexts(in name: String) -> [String] {
        var contexts: [String] = []
        var current: String?
        for character in name {
            switch character {
            case "[": current = ""
            case "]":
                if let found = current { contexts.append(found) }
                current = nil
            default: current?.append(character)
            }
        }
        return contexts.filter { $0 != "Tooltip" }
    }
}
