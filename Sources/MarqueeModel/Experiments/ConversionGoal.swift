import Foundation

/// What counts as a conversion for a campaign: an event the app logs (a custom event, or a
/// purchase), optionally with conditions on its attributes, within a window after the user saw
/// the campaign, or was held back from it in the control group.
///
/// The Marquee SDK reports one conversion per user per campaign, through its persisted outbox;
/// the server counts each user once even when reports are retried. RInAppMessaging clients do
/// not report conversions.
public struct ConversionGoal: Sendable, Hashable, Codable {
    /// The kinds of event a goal can name.
    public enum EventKind: String, Sendable, Hashable, Codable, CaseIterable {
        case custom, purchase

        /// The event kind the trigger engine matches on.
        public var eventKind: MarqueeModel.EventKind {
            switch self {
            case .custom: .custom
            case .purchase: .purchase
            }
        }
    }

    public var event: EventKind
    /// The custom event's name; required for `custom`, ignored for `purchase`.
    public var name: String?
    /// Conditions on the event's attributes, all of which must hold.
    @Defaulted<Defaults.EmptyList<AttributeCondition>> public var conditions: [AttributeCondition]
    /// Hours after an impression (or control impression) within which the event counts.
    @Defaulted<WindowDefault> public var windowHours: Double

    public init(event: EventKind, name: String? = nil, conditions: [AttributeCondition] = [], windowHours: Double = 72) {
        self.event = event
        self.name = name
        self.conditions = conditions
        self.windowHours = windowHours
    }

    /// The attribution window in seconds.
    public var window: TimeInterval { windowHours * 3_600 }

    /// The key of the events that may convert.
    public var key: EventKey { EventKey(kind: event.eventKind, name: name) }

    /// Whether `event` is this goal's event, with every condition holding.
    public func matches(_ logged: Event) -> Bool {
        logged.key == key && conditions.allSatisfy { $0.matches(logged.attributes) }
    }

    /// Whether an event at `date` counts for an exposure at `exposure`: not before it, and at
    /// most ``window`` after it.
    public func attributes(_ date: Date, toExposureAt exposure: Date) -> Bool {
        let elapsed = date.timeIntervalSince(exposure)
        return elapsed >= 0 && elapsed <= window
    }

    public enum WindowDefault: DefaultValue { public static var value: Double { 72 } }

    /// Limits validation enforces.
    public enum Limits {
        /// Up to 90 days.
        public static let windowHours = 0.0...2_160.0
    }
}
