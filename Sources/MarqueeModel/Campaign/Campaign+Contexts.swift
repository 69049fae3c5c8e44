extension Campaign {
    /// The texts inside `[...]` in the name, in order: `"[ctx A]~~[ctx B]ab ab[ctx C]"` gives
    /// `["ctx A", "ctx B", "ctx C"]`; an unclosed bracket is ignored. A tooltip's contexts start
    /// with `Tooltip`, as RInAppMessaging clients read them from the `[Tooltip]` title prefix.
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
        return contexts
    }
}
