import MarqueeModel

/// Which of the messages that one event makes ready are queued (``MarqueeSDK/triggerDeliveryMode``).
public enum TriggerDeliveryMode: Sendable, Hashable, CaseIterable {
    /// Every eligible message, shown one after another in priority order (RInAppMessaging). The default.
    case everyEligible
    /// Only the highest-priority eligible message; among equal priorities the first the server
    /// lists (Braze). The others are not queued for this event and may be triggered by a later one.
    case highestPriorityOnly

    /// The campaigns to queue out of those `ready` for one event. Tooltips wait for their element,
    /// not for the message slot, so they are never held back.
    func select(_ ready: [Campaign]) -> [Campaign] {
        switch self {
        case .everyEligible:
            return ready
        case .highestPriorityOnly:
            let messages = ready.filter { $0.message.kind != .tooltip }
            guard let best = messages.max(by: { $0.delivery.priority < $1.delivery.priority }) else { return ready }
            let top = messages.first { $0.delivery.priority == best.delivery.priority }
            return ready.filter { $0.message.kind == .tooltip || $0.id == top?.id }
        }
    }
}
