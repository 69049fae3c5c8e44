/// How an inbox message's body is written.
public enum InboxBodyFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case plain
    case html
}

/// What an inbox message says and does: the same for every recipient.
public struct InboxContent: Sendable, Hashable, Codable {
    public var title: String
    public var body: String
    public var bodyFormat: InboxBodyFormat
    /// An absolute http(s) URL.
    public var imageURL: String?
    /// What tapping the message itself does.
    public var mainAction: InboxAction?
    public var buttons: [InboxButton]
    /// Free-form values the app reads (a coupon code, a category).
    public var customData: [String: JSONValue]

    public static let maxButtons = 4
    public static let maxTitleLength = 200
    public static let maxBodyLength = 20_000
    public static let maxCustomDataBytes = 16_384

    public init(title: String, body: String, bodyFormat: InboxBodyFormat = .plain, imageURL: String? = nil,
                mainAction: InboxAction? = nil, buttons: [InboxButton] = [], customData: [String: JSONValue] = [:]) {
        self.title = title
        self.body = body
        self.bodyFormat = bodyFormat
        self.imageURL = imageURL
        self.mainAction = mainAction
        self.buttons = buttons
        self.customData = customData
    }

    enum CodingKeys: String, CodingKey { case title, body, bodyFormat, imageURL, mainAction, buttons, customData }

    /// Only the title is required; a missing format is plain text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
        bodyFormat = try c.decodeIfPresent(InboxBodyFormat.self, forKey: .bodyFormat) ?? .plain
        imageURL = try c.decodeIfPresent(String.self, forKey: .imageURL)
        mainAction = try c.decodeIfPresent(InboxAction.self, forKey: .mainAction)
        buttons = try c.decodeIfPresent([InboxButton].self, forKey: .buttons) ?? []
        customData = try c.decodeIfPresent([String: JSONValue].self, forKey: .customData) ?? [:]
    }
}
