/// The tooltips being prepared or on screen: several at once, at most one per target element.
///
/// Tooltips do not take the single message slot (``DisplayScheduler`` keeps that one for modals and
/// the other kinds), so a modal and any number of tooltips on different elements can show together.
struct TooltipSlots: Sendable {
    private var byElement: [String: Displaying] = [:]

    /// The element a tooltip points at; the slot it occupies.
    static func element(of item: QueuedMessage) -> String {
        item.campaign.message.tooltip?.targetElementID ?? ""
    }

    /// Every tooltip being prepared or shown, oldest first.
    var all: [Displaying] { byElement.values.sorted { $0.token < $1.token } }

    /// Whether a tooltip already holds `element`.
    func isTaken(_ element: String) -> Bool { byElement[element] != nil }

    /// The display holding `element`.
    func token(on element: String) -> Int? { byElement[element]?.token }

    /// The tooltip display `token`, if it still holds its element.
    subscript(token: Int) -> Displaying? {
        byElement.values.first { $0.token == token }
    }

    /// Gives `display` its element; `false` when another tooltip holds it.
    mutating func claim(_ display: Displaying) -> Bool {
        let element = Self.element(of: display.item)
        guard byElement[element] == nil else { return false }
        byElement[element] = display
        return true
    }

    /// Changes the tooltip display `token`, if it still holds its element.
    mutating func update(token: Int, _ change: (inout Displaying) -> Void) {
        guard let (element, display) = byElement.first(where: { $0.value.token == token }) else { return }
        var changed = display
        change(&changed)
        byElement[element] = changed
    }

    /// Frees the element held by display `token` and returns that display.
    mutating func release(token: Int) -> Displaying? {
        guard let element = byElement.first(where: { $0.value.token == token })?.key else { return nil }
        return byElement.removeValue(forKey: element)
    }

}
