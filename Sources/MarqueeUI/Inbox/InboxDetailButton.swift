import MarqueeModel

/// A button of the detail view: its title and the action a tap performs.
public struct InboxDetailButton: Sendable, Hashable, Identifiable {
    /// Its position among the detail's buttons, from 0.
    public var id: Int
    /// The text on the button.
    public var title: String
    /// Where a tap leads: a browser or deep link.
    public var action: InboxAction
    /// Whether it is the message's main action, which views show first and most prominently.
    public var isMainAction: Bool

    /// Creates a button.
    public init(id: Int, title: String, action: InboxAction, isMainAction: Bool = false) {
        self.id = id
        self.title = title
        self.action = action
        self.isMainAction = isMainAction
    }
}
