import MarqueeModel
import MarqueeWire

/// The log's event for each event of a stored impression batch (``ImpressionWriter``).
enum ImpressionEventEntry {
    /// `nil` for an event of no type, which the recorder refuses before it is stored.
    static func entry(for event: ImpressionEvents.Event, of batch: ImpressionWriter.Batch) -> EventLog.Entry? {
        guard let (type, fields) = described(event) else { return nil }
        var data = fields
        if let placement = batch.placement { data["placement"] = .string(placement) }
        if batch.isTest { data["test"] = .bool(true) }
        return EventLog.Entry(appID: batch.appID, type: type, campaignID: batch.campaignID,
                              variant: batch.variant.isEmpty ? nil : batch.variant, userID: batch.userID, deviceID: batch.deviceID,
                              deviceTime: event.occurredAt, serverTime: batch.receivedAt.millis, data: data)
    }

    private static func described(_ event: ImpressionEvents.Event) -> (EventType, [String: JSONValue])? {
        switch event.type {
        case .impression: (.impression, [:])
        case .actionOne: (.click, ["button": .string("action_one")])
        case .actionTwo: (.click, ["button": .string("action_two")])
        case .clickContent: (.click, ["button": .string("content")])
        case .exit: (.close, [:])
        case .optOut: (.optOut, [:])
        case .pageView: (.pageView, ["page": .number(Double(event.page ?? 0))])
        case .invalid: nil
        }
    }
}
