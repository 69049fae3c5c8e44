/// Pairs a tab bar's items with the buttons it draws for them, so that a tooltip can point at a
/// tab: the items carry the identifiers, the buttons are the views on screen. The buttons are
/// matched in reading order (left to right, or right to left for a right-to-left layout), as
/// the tab bar lays items out; extra buttons or items are left alone.
public enum TabBarButtonMatcher {
    /// For each button (by index in `buttonOffsets`, each button's leading x position), the
    /// identifier of its item, when the item has one.
    public static func identifiers(items: [String?], buttonOffsets: [Double], rightToLeft: Bool = false) -> [Int: String] {
        let order = buttonOffsets.indices.sorted { a, b in
            rightToLeft ? buttonOffsets[a] > buttonOffsets[b] : buttonOffsets[a] < buttonOffsets[b]
        }
        var result: [Int: String] = [:]
        for (item, button) in zip(items, order) {
            if let item, !item.isEmpty { result[button] = item }
        }
        return result
    }
}
