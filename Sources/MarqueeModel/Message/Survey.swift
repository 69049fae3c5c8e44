/// The questions of a `survey` message, and the page that thanks the user once they are sent.
///
/// The message's title and body introduce the survey; its questions follow, then a submit
/// button. Answers are stored once per display (``SurveyResponse``), and a campaign's goal may
/// count one as a conversion (``ConversionGoal/EventKind/surveyAnswer``).
public struct Survey: Sendable, Hashable, Codable {
    public var questions: [SurveyQuestion]
    /// The submit button's label; empty uses the renderer's own ("Submit", translated).
    @Defaulted<Defaults.EmptyText> public var submitLabel: String
    /// What shows after the answers are sent.
    @Defaulted<Defaults.Standard<SurveyThankYou>> public var thankYou: SurveyThankYou

    public init(questions: [SurveyQuestion], submitLabel: String = "", thankYou: SurveyThankYou = .standard) {
        self.questions = questions
        self.submitLabel = submitLabel
        self.thankYou = thankYou
    }

    /// The question with `id`, if the survey has one.
    public func question(_ id: String) -> SurveyQuestion? {
        questions.first { $0.id == id }
    }
}

/// The page a survey shows after its answers are sent, until the user closes it.
public struct SurveyThankYou: Sendable, Hashable, Codable, StandardValue {
    @Defaulted<Defaults.EmptyText> public var title: String
    public var body: String?

    public init(title: String = "", body: String? = nil) {
        self.title = title
        self.body = body
    }

    /// No text of its own: the renderer's "Thank you".
    public static var standard: SurveyThankYou { SurveyThankYou() }
}

/// One question of a survey.
public struct SurveyQuestion: Sendable, Hashable, Codable, Identifiable {
    /// What kind of answer a question takes.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// One of its choices.
        case singleChoice
        /// Any number of its choices.
        case multipleChoice
        /// A score from 1 to 5.
        case rating
        /// A Net Promoter Score, 0 to 10.
        case nps
        /// Free text, at most ``SurveyQuestion/maxLength`` characters.
        case text

        /// The scores a scale question takes; `nil` for the others.
        public var scores: ClosedRange<Int>? {
            switch self {
            case .rating: 1...5
            case .nps: 0...10
            case .singleChoice, .multipleChoice, .text: nil
            }
        }

        /// Whether the question lists choices.
        public var hasChoices: Bool {
            switch self {
            case .singleChoice, .multipleChoice: true
            case .rating, .nps, .text: false
            }
        }
    }

    /// Unique within the survey: what answers, goals and the export name.
    public var id: String
    public var kind: Kind
    public var prompt: String
    /// The choices of a choice question, in order; other kinds have none.
    @Defaulted<Defaults.EmptyList<SurveyChoice>> public var choices: [SurveyChoice]
    /// Whether the survey cannot be sent without an answer to it.
    @Defaulted<Defaults.False> public var isRequired: Bool
    /// The longest text answer, in characters (text questions only).
    @Defaulted<MaxLengthDefault> public var maxLength: Int

    public init(id: String, kind: Kind, prompt: String, choices: [SurveyChoice] = [], isRequired: Bool = false,
                maxLength: Int = MaxLengthDefault.value) {
        self.id = id
        self.kind = kind
        self.prompt = prompt
        self.choices = choices
        self.isRequired = isRequired
        self.maxLength = maxLength
    }

    public enum MaxLengthDefault: DefaultValue { public static var value: Int { 500 } }
}

/// One choice of a choice question.
public struct SurveyChoice: Sendable, Hashable, Codable, Identifiable {
    /// Unique within the question: what answers and goals name.
    public var id: String
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
