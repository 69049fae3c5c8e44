/// What tapping a button or the message body does.
public enum ActionType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Opens `uri` in the browser.
    case openURL
    /// Opens `uri` inside the app.
    case deepLink
    /// Closes the message.
    case close
    /// Asks the user for push notification permission.
    case pushPrimer
}

/// An action with its target, plus an event to log so that one message can trigger another.
public struct MessageAction: Sendable, Hashable, Codable {
    public var type: ActionType
    public var uri: String?
    /// Logged as a custom event when the action runs.
    public var logsEvent: EmittedEvent?

    public init(_ type: ActionType, uri: String? = nil, logsEvent: EmittedEvent? = nil) {
        self.type = type
        self.uri = uri
        self.logsEvent = logsEvent
    }

    public static let close = MessageAction(.close)
}

/// A custom event that a message action logs when it runs.
public struct EmittedEvent: Sendable, Hashable, Codable {
    public var name: String
    @Defaulted<Defaults.EmptyMap<AttributeValue>> public var attributes: [String: AttributeValue]

    public init(name: String, attributes: [String: AttributeValue] = [:]) {
        self.name = name
        self.attributes = attributes
    }

    /// The event as the SDK logs it.
    public var event: Event { .custom(name, attributes: attributes) }
}

/// A message button: up to two per message.
public struct MessageButton: Sendable, Hashable, Codable {
    /// Stable identifier reported in resolutions (`button_click`).
    public var id: String
    public var text: String
    public var textColor: HexColor
    public var backgroundColor: HexColor
    public var action: MessageAction

    public init(id: String, text: String, textColor: HexColor = .white,
                backgroundColor: HexColor = HexColor("#1D4ED8")!, action: MessageAction = .close) {
        self.id = id
        self.text = text
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.action = action
    }

    enum CodingKeys: String, CodingKey { case id, text, textColor, backgroundColor, action }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        id = try c.decode(String.self, forKey: .id, default: text)
        textColor = try c.decode(HexColor.self, forKey: .textColor, default: .white)
        backgroundColor = try c.decode(HexColor.self, forKey: .backgroundColor, default: HexColor("#1D4ED8")!)
        action = try c.decode(MessageAction.self, forKey: .action, default: .close)
    }
}
