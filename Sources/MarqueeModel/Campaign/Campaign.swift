/// A campaign: a message, the triggers that show it, when and how often, and to whom.
public struct Campaign: Sendable, Hashable, Codable, Identifiable {
    @Defaulted<Defaults.EmptyText> public var id: String
    /// The campaign's name. Text in square brackets names its contexts: `[checkout] Spring sale`.
    public var name: String
    @Defaulted<Defaults.Standard<CampaignStatus>> public var status: CampaignStatus
    /// Test campaigns reach only the app's test users and devices, and show once per sync
    /// whatever their impression limit, so a tester sees each change.
    @Defaulted<Defaults.False> public var isTest: Bool
    /// Stored out of line: lists of campaigns stay small, and copies share one message.
    @Indirect public var message: Message
    @Defaulted<Defaults.Standard<TriggerSet>> public var triggers: TriggerSet
    @Defaulted<Defaults.Standard<DeliveryRules>> public var delivery: DeliveryRules
    @Defaulted<Defaults.Standard<Targeting>> public var targeting: Targeting
    /// In-app, App Inbox, or both; default in-app.
    @Defaulted<Defaults.Standard<CampaignChannel>> public var channel: CampaignChannel
    /// Message variants and a control group; `nil` shows ``message`` to everyone.
    public var experiment: Experiment?
    /// What counts as a conversion, and for how long after an impression; `nil` measures none.
    public var goal: ConversionGoal?
    /// The language tag (``LanguageTag``) of the message's own text, which devices whose locale
    /// has no translation are shown; `nil` when not stated.
    public var defaultLanguage: String?
    /// The placement an `embedded` campaign fills (``PlacementID``, such as `home.top`); `nil`
    /// for the other channels.
    public var placement: String?

    public init(id: String, name: String, status: CampaignStatus = .draft, isTest: Bool = false,
                message: Message, triggers: TriggerSet = TriggerSet(), delivery: DeliveryRules = DeliveryRules(),
                targeting: Targeting = Targeting(), channel: CampaignChannel = .inApp,
                experiment: Experiment? = nil, goal: ConversionGoal? = nil, defaultLanguage: String? = nil,
                placement: String? = nil) {
        self.id = id
        self.name = name
        self.status = status
        self.isTest = isTest
        self.message = message
        self.triggers = triggers
        self.delivery = delivery
        self.targeting = targeting
        self.channel = channel
        self.experiment = experiment
        self.goal = goal
        self.defaultLanguage = defaultLanguage
        self.placement = placement
    }
}
