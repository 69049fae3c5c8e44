import MarqueeModel

/// What the dashboard's forms offer, read from the model the server validates with
/// (`GET /api/v1/model`): message kinds, attribute types and the operators each takes, segment
/// operators and the app facts they apply to, survey question kinds, roles and the limits forms show. The dashboard
/// builds every choice from it, so a case added to the model appears there with no script edit.
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
    }

    /// An operator, and whether it compares with a value at all.
    struct Operator: Encodable {
        var id: String
        var title: String
        var takesValue: Bool
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
        segmentOperators: SegmentOperator.allCases.map { Operator(id: $0.rawValue, title: $0.title, takesValue: $0.takesValue) },
        appFacts: FactCondition.Fact.allCases.map { OperatorChoice(id: $0.rawValue, title: $0.title, operators: $0.operators.map(\.rawValue)) },
        roles: AccountRole.allCases.map { Choice(id: $0.rawValue, title: $0.title) },
        eventTypes: EventType.allCases.map { Choice(id: $0.rawValue, title: $0.title) },
        limits: [
            "carouselPages": Bounds(Campaign.Limits.carouselPages),
            "surveyQuestions": Bounds(Campaign.Limits.surveyQuestions),
            "surveyChoices": Bounds(Campaign.Limits.surveyChoices),
            "surveyTextLength": Bounds(Campaign.Limits.surveyTextLength),
            "variantWeight": Bounds(Experiment.Limits.weight),
            "controlPercent": Bounds(Experiment.Limits.controlPercent),
            "goalWindowHours": Bounds(ConversionGoal.Limits.windowHours),
        ])
}
