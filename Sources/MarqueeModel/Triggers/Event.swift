/// The kinds of events that can trigger a campaign.
public enum EventKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app started. Persistent: once logged it satisfies its triggers for the rest of the launch.
    case appStart
    /// A new session began.
    case sessionStart
    case login
    case purchase
    /// A named event with typed attributes.
    case custom
    /// The user opened a push notification.
    case pushClick
    /// An on-screen element appeared; its name is the element's identifier (tooltips).
    case viewAppeared
    /// A rule keyword passed to `executeRule`.
    case rule

    /// The name an event of this kind carries when it has no name of its own.
    public var fixedName: String? {
        switch self {
        case .appStart: "app_start"
        case .sessionStart: "session_start"
        case .login: "login_successful"
        case .purchase: "purchase_successful"
        case .pushClick: "push_click"
        case .custom, .viewAppeared, .rule: nil
        }
    }

    /// Whether a trigger of this kind must name its event.
    public var requiresName: Bool { fixedName == nil }
}

/// What events and triggers are matched on: the kind plus the name (custom event name, element id, rule).
public struct EventKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public var kind: EventKind
    public var name: String

    public init(kind: EventKind, name: String? = nil) {
        self.kind = kind
        self.name = kind.fixedName ?? name ?? ""
    }

    public var description: String { kind.fixedName ?? "\(kind.rawValue):\(name)" }

    /// Whether an event with this key counts toward a trigger that listens for `listened`: the
    /// same key, or for an appeared view any element its identifier contains
    /// (``TooltipSettings/points(at:target:)``).
    public func reaches(_ listened: EventKey) -> Bool {
        guard kind == .viewAppeared, listened.kind == .viewAppeared else { return self == listened }
        return TooltipSettings.points(at: name, target: listened.name)
    }
}

/// An event logged by the app (or by a message action), matched against campaign triggers.
public struct Event: Sendable, Hashable {
    public var key: EventKey
    public var attributes: [String: AttributeValue]

    public init(kind: EventKind, name: String? = nil, attributes: [String: AttributeValue] = [:]) {
        key = EventKey(kind: kind, name: name)
        self.attributes = attributes
    }

    public var kind: EventKind { key.kind }
    public var name: String { key.name }
    /// App start is persistent: it keeps satisfying triggers for the rest of the launch.
    public var isPersistent: Bool { key.kind == .appStart }

    public static let appStart = Event(kind: .appStart)
    public static let sessionStart = Event(kind: .sessionStart)
    public static let login = Event(kind: .login)

    public static func custom(_ name: String, attributes: [String: AttributeValue] = [:]) -> Event {
        Event(kind: .custom, name: name, attributes: attributes)
    }

    /// A purchase with the attributes Marquee's purchase triggers filter on.
    public static func purchase(amountMicros: Int64? = nil, numberOfItems: Int64? = nil,
                                currencyCode: String? = nil, itemIDs: [String] = []) -> Event {
        var attributes: [String: AttributeValue] = [:]
        attributes[PurchaseAttribute.amountMicros] = amountMicros.map(AttributeValue.integer)
        attributes[PurchaseAttribute.numberOfItems] = numberOfItems.map(AttributeValue.integer)
        attributes[PurchaseAttribute.currencyCode] = currencyCode.map(AttributeValue.string)
        if !itemIDs.isEmpty { attributes[PurchaseAttribute.itemIDList] = .string(itemIDs.joined(separator: "|")) }
        return Event(kind: .purchase, attributes: attributes)
    }

    public static func pushClick(campaign: String? = nil) -> Event {
        Event(kind: .pushClick, attributes: campaign.map { ["campaign": .string($0)] } ?? [:])
    }

    public static func viewAppeared(_ elementID: String) -> Event { Event(kind: .viewAppeared, name: elementID) }
    public static func rule(_ keyword: String) -> Event { Event(kind: .rule, name: keyword) }
}

/// The attribute names of a purchase event, as purchase triggers name them.
public enum PurchaseAttribute {
    public static let amountMicros = "purchaseAmountMicros"
    public static let numberOfItems = "numberOfItems"
    public static let currencyCode = "currencyCode"
    /// Item identifiers joined with `|`.
    public static let itemIDList = "itemIdList"
}
