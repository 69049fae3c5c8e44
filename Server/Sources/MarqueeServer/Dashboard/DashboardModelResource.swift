import MarqueeModel

/// What the dashboard's forms offer, read from the model the server validates with
/// (`GET /api/v1/model`): message kinds, attribute types and the operators each takes, segment
/// operators and the app facts they apply to, survey question kinds, roles, every other choice list
/// (``formLists``), what each field left empty stores (``DashboardDefaults``) and the limits forms
/// show. The dashboard builds every choice and every default from it, so a case added to the model
/// appears there with no script edit, and a form never shows a default the server does not store.
struct DashboardModelResource: JSONResource {
    /// A choice: the value the API takes, and the words a form shows for it.
    struct Choice: Encodable, Equatable {
        var id: String
        var title: String
    }

    /// A choice that limits the operators offered with it: an attribute type of trigger and goal
    /// conditions (condition operators), or an app fact segments read (segment operators).
    struct OperatorChoice: Encodable {
        var id: String
        var title: String
        var operators: [String]
        /// For an app fact: the kind of value its conditions compare with.
        var valueKind: String?
    }

    /// An operator, whether it compares with a value at all, and (segment operators) whether
    /// that value is a number of days.
    struct Operator: Encodable {
        var id: String
        var title: String
        var takesValue: Bool
        var countsDays: Bool?
    }

    /// A kind of survey question, and whether it lists choices.
    struct QuestionKind: Encodable {
        var id: String
        var title: String
        var hasChoices: Bool
    }

    /// The inclusive bounds of a number a form asks for.
    struct Bounds: Encodable {
        var min: Double
        var max: Double

        init<Bound: BinaryInteger>(_ range: ClosedRange<Bound>) {
            min = Double(range.lowerBound)
            max = Double(range.upperBound)
        }

        init(_ range: ClosedRange<Double>) {
            min = range.lowerBound
            max = range.upperBound
        }
    }

    var messageKinds: [Choice]
    var surveyQuestionKinds: [QuestionKind]
    var attributeTypes: [OperatorChoice]
    var conditionOperators: [Operator]
    var segmentOperators: [Operator]
    var appFacts: [OperatorChoice]
    var roles: [Choice]
    /// What webhooks can be limited to.
    var eventTypes: [Choice]
    /// Every other select's choices, by name (``formLists``).
    var lists: [String: [Choice]]
    /// The trigger event kinds that must name their event (a custom event, a view, a rule keyword).
    var namedEventKinds: [String]
    /// The campaign a form that sets nothing stores, with each optional part's defaults (``DashboardDefaults``).
    var defaults: JSONValue
    var limits: [String: Bounds]

    /// The model as this server validates it.
    static let current = DashboardModelResource(
        messageKinds: MessageKind.allCases.map { Choice(id: $0.rawValue, title: $0.title) },
        surveyQuestionKinds: SurveyQuestion.Kind.allCases.map { QuestionKind(id: $0.rawValue, title: $0.title, hasChoices: $0.hasChoices) },
        attributeTypes: AttributeType.allCases.map { type in
            OperatorChoice(id: type.rawValue, title: type.title,
                          operators: ConditionOperator.allCases.filter { $0.supports(type) }.map(\.rawValue))
        },
        conditionOperators: ConditionOperator.allCases.map { Operator(id: $0.rawValue, title: $0.title, takesValue: !$0.ignoresValue) },
        segmentOperators: SegmentOperator.allCases.map {
            Operator(id: $0.rawValue, title: $0.title, takesValue: $0.takesValue, countsDays: $0.countsDays)
        },
        appFacts: FactCondition.Fact.allCases.map {
            OperatorChoice(id: $0.rawValue, title: $0.title, operators: $0.operators.map(\.rawValue), valueKind: $0.valueKind.rawValue)
        },
        roles: AccountRole.allCases.map { Choice(id: $0.rawValue, title: $0.title) },
        eventTypes: EventType.allCases.map { Choice(id: $0.rawValue, title: $0.title) },
        lists: formLists,
        namedEventKinds: EventKind.allCases.filter(\.requiresName).map(\.rawValue),
        defaults: DashboardDefaults.campaign,
        limits: [
            "buttons": Bounds(0...Campaign.Limits.maxButtons),
            "variants": Bounds(Experiment.Limits.variantCount),
            "inboxButtons": Bounds(0...InboxContent.maxButtons),
            "inboxTitleLength": Bounds(1...InboxContent.maxTitleLength),
            "inboxTTLDays": Bounds(1...InboxController.maxTTL / 86_400),
            "segmentNameLength": Bounds(1...Segment.Limits.nameLength),
            "passwordLength": Bounds(NewAccount.minimumPasswordCharacters...NewAccount.maximumPasswordCharacters),
            "rolloutPercentage": Bounds(AppSettings.rolloutRange),
            "pingIntervalSeconds": Bounds(AppSettings.pingIntervalRange),
            "webOrigins": Bounds(WebOrigins.countRange),
            "webOriginLength": Bounds(WebOrigins.lengthRange),
            "carouselPages": Bounds(Campaign.Limits.carouselPages),
            "surveyQuestions": Bounds(Campaign.Limits.surveyQuestions),
            "surveyChoices": Bounds(Campaign.Limits.surveyChoices),
            "surveyTextLength": Bounds(Campaign.Limits.surveyTextLength),
            "variantWeight": Bounds(Experiment.Limits.weight),
            "controlPercent": Bounds(Experiment.Limits.controlPercent),
            "goalWindowHours": Bounds(ConversionGoal.Limits.windowHours),
        ])
}
