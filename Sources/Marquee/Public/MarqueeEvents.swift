import Foundation
import MarqueeModel

/// An event the app logs with ``MarqueeSDK/logEvent(_:)-(MarqueeEvent)``.
public protocol MarqueeEvent: Sendable {
    /// The event as the trigger engine matches it.
    var event: Event { get }
}

/// The app started. Persistent: once logged it satisfies its triggers for the rest of the launch;
/// later ones are ignored, and campaigns that need only it show once per launch.
public struct AppStartEvent: MarqueeEvent {
    /// Creates the event.
    public init() {}
    public var event: Event { .appStart }
}

/// The user signed in.
public struct LoginSuccessfulEvent: MarqueeEvent {
    /// Creates the event.
    public init() {}
    public var event: Event { .login }
}

/// A new session began. The SDK logs it itself at each session start (see
/// ``MarqueeSDK/sessionTimeout``); apps with their own notion of a session may log more.
public struct SessionStartEvent: MarqueeEvent {
    /// Creates the event.
    public init() {}
    public var event: Event { .sessionStart }
}

/// The user opened a push notification.
public struct PushClickEvent: MarqueeEvent {
    /// The campaign or notification identifier, available to triggers as the `campaign` attribute.
    public var campaign: String?
    /// Creates the event.
    public init(campaign: String? = nil) { self.campaign = campaign }
    public var event: Event { .pushClick(campaign: campaign) }
}

/// A purchase, with the attributes purchase triggers filter on.
public struct PurchaseSuccessfulEvent: MarqueeEvent {
    /// The amount in micros of the currency unit (1.5 USD is 1,500,000).
    public var purchaseAmountMicros: Int64?
    public var numberOfItems: Int64?
    /// An ISO 4217 code such as `USD`.
    public var currencyCode: String?
    public var itemIDs: [String]

    /// Creates the event.
    public init(purchaseAmountMicros: Int64? = nil, numberOfItems: Int64? = nil, currencyCode: String? = nil,
                itemIDs: [String] = []) {
        self.purchaseAmountMicros = purchaseAmountMicros
        self.numberOfItems = numberOfItems
        self.currencyCode = currencyCode
        self.itemIDs = itemIDs
    }

    public var event: Event {
        .purchase(amountMicros: purchaseAmountMicros, numberOfItems: numberOfItems, currencyCode: currencyCode,
                  itemIDs: itemIDs)
    }
}

/// A named event with typed attributes.
public struct CustomEvent: MarqueeEvent {
    /// The event name, compared case-sensitively.
    public var name: String
    public var attributes: [String: AttributeValue]

    /// Creates the event: `CustomEvent(name: "level_up", attributes: ["level": .integer(3)])`.
    public init(name: String, attributes: [String: AttributeValue] = [:]) {
        self.name = name
        self.attributes = attributes
    }

    /// Creates the event from attribute/value pairs; a later pair with the same name wins.
    public init(name: String, attributes: [CustomAttribute]) {
        self.init(name: name, attributes: Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
    }

    public var event: Event { .custom(name, attributes: attributes) }
}

/// One attribute of a ``CustomEvent``.
public struct CustomAttribute: Sendable, Hashable {
    public var name: String
    public var value: AttributeValue

    /// A string attribute.
    public init(name: String, value: String) { self.init(name: name, typed: .string(value)) }
    /// An integer attribute.
    public init(name: String, value: Int) { self.init(name: name, typed: .integer(Int64(value))) }
    /// A double attribute.
    public init(name: String, value: Double) { self.init(name: name, typed: .double(value)) }
    /// A boolean attribute.
    public init(name: String, value: Bool) { self.init(name: name, typed: .boolean(value)) }
    /// A time attribute in milliseconds since 1970; times match within one second.
    public init(name: String, timeInMilliseconds: Int64) { self.init(name: name, typed: .timeMillis(timeInMilliseconds)) }
    /// An attribute with an explicit typed value.
    public init(name: String, typed value: AttributeValue) {
        self.name = name
        self.value = value
    }
}
