/// One page of a `carousel` message: its own image, text and buttons. The user moves between
/// pages by swiping, by the dots or by the arrows; each page's view counts once per display.
public struct MessagePage: Sendable, Hashable, Codable, Identifiable {
    /// Unique within the message: what page views and translations name.
    public var id: String
    public var image: MessageImage?
    @Defaulted<Defaults.EmptyText> public var title: String
    public var body: String?
    @Defaulted<Defaults.EmptyList<MessageButton>> public var buttons: [MessageButton]

    public init(id: String, image: MessageImage? = nil, title: String = "", body: String? = nil, buttons: [MessageButton] = []) {
        self.id = id
        self.image = image
        self.title = title
        self.body = body
        self.buttons = buttons
    }
}

extension Message {
    /// The message's buttons and those of its pages: what a button tap's id is looked up in.
    public var allButtons: [MessageButton] {
        buttons + pages.flatMap(\.buttons)
    }
}
