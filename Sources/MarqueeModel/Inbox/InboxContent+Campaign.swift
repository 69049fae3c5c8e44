extension InboxContent {
    /// The inbox form of a campaign's message: its title, its body (the HTML of `html` messages),
    /// its image, its content action as the main action and its buttons.
    public init(campaignMessage message: Message) {
        let isHTML = message.kind == .html
        self.init(title: String(message.title.prefix(Self.maxTitleLength)),
                  body: (isHTML ? message.html : message.body) ?? "",
                  bodyFormat: isHTML ? .html : .plain,
                  imageURL: message.image.map(\.url).flatMap { URLRule.isWebURL($0) ? $0 : nil },
                  mainAction: message.contentAction.flatMap(InboxAction.init(campaignAction:)),
                  buttons: message.buttons.compactMap { button in
                      InboxAction(campaignAction: button.action).map { InboxButton(title: button.text, action: $0) }
                  },
                  customData: message.extras.mapValues(JSONValue.string))
    }
}

extension InboxAction {
    /// The inbox form of a message action; `nil` for a push primer, which has no place in an inbox.
    public init?(campaignAction action: MessageAction) {
        switch action.type {
        case .openURL:
            guard let uri = action.uri else { return nil }
            self.init(URLRule.isWebURL(uri) ? .browser : .deepLink, url: uri)
        case .deepLink:
            guard let uri = action.uri else { return nil }
            self.init(.deepLink, url: uri)
        case .close:
            self.init(.openApp)
        case .pushPrimer:
            return nil
        }
    }
}
