/// A campaign: a message, the triggers that show it, when and how often, and to whom.
public struct Campaign: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    /// The campaign's name. Text in square brackets names its contexts: `[checkout] Spring sale`.
    public var name: String
    public var status: CampaignStatus
    /// Test campaigns reach only the app's test users and devices and skip impression limits.
    public var isTest: Bool
    public var message: Message
    public var triggers: TriggerSet
    public var delivery: DeliveryRules
    public var targeting: Targeting

    public init(id: String, name: String, status: CampaignStatus = .draft, isTest: Bool = false,
                message: Message, triggers: TriggerSet = TriggerSet(), delivery: DeliveryRules = DeliveryRules(),
                targeting: Targeting = Targeting()) {
        self.id = id
        self.name = name
        self.status = status
        self.isTest = isTest
        self.message = message
        self.triggers = triggers
        self.delivery = delivery
        self.targeting = targeting
    }

    enum CodingKeys: String, CodingKey { case id, name, status, isTest, message, triggers, delivery, targeting }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id, default: "")
        name = try c.decode(String.self, forKey: .name)
        status = try c.decode(CampaignStatus.self, forKey: .status, default: .draft)
        isTest = try c.decode(Bool.self, forKey: .isTest, default: false)
        message = try c.decode(Message.self, forKey: .message)
        triggers = try c.decode(TriggerSet.self, forKey: .triggers, default: TriggerSet())
        delivery = try c.decode(DeliveryRules.self, forKey: .delivery, default: DeliveryRules())
        targeting = try c.decode(Targeting.self, forKey: .targeting, default: Targeting())
    }
}
