/// One arm of an ``Experiment``: a message and its share of the traffic.
public struct Variant: Sendable, Hashable, Codable, Identifiable {
    /// Names the variant in assignments, impressions and analytics: letters, digits, `-` and
    /// `_`, at most 40, never `control`. Keep it when editing the variant.
    public var id: String
    /// A label for people (`"Free shipping headline"`).
    public var name: String?
    /// The variant's share relative to the other variants' weights (1 to 1,000): weights 1 and 3
    /// show the second variant to three users in four of those not in the control group.
    @Defaulted<Defaults.One> public var weight: Int
    /// The message this variant shows; `nil` shows the campaign's own message. Its kind must be
    /// the campaign message's kind.
    public var message: Message?

    /// The id of the single arm of a hold-out test: the campaign's own message.
    public static let defaultID = "default"

    public init(id: String, name: String? = nil, weight: Int = 1, message: Message? = nil) {
        self.id = id
        self.name = name
        self.weight = weight
        self.message = message
    }
}
