/// A message's text in one more language. Each field given replaces the message's own text; a
/// field left out keeps the text of the campaign's default language.
public struct MessageTranslation: Sendable, Hashable, Codable {
    public var header: String?
    public var title: String?
    public var body: String?
    /// Button texts, by button id.
    @Defaulted<Defaults.EmptyMap<String>> public var buttons: [String: String]
    /// The image's description for assistive technologies.
    public var imageAltText: String?
    /// A carousel's pages, by page id.
    @Defaulted<Defaults.EmptyMap<PageTranslation>> public var pages: [String: PageTranslation]
    /// A survey's questions, choices, submit label and thank-you page.
    public var survey: SurveyTranslation?

    public init(header: String? = nil, title: String? = nil, body: String? = nil, buttons: [String: String] = [:],
                imageAltText: String? = nil, pages: [String: PageTranslation] = [:], survey: SurveyTranslation? = nil) {
        self.header = header
        self.title = title
        self.body = body
        self.buttons = buttons
        self.imageAltText = imageAltText
        self.pages = pages
        self.survey = survey
    }
}

/// A carousel page's text in one more language; what it leaves out keeps the default's.
public struct PageTranslation: Sendable, Hashable, Codable {
    public var title: String?
    public var body: String?
    /// Button texts, by button id.
    @Defaulted<Defaults.EmptyMap<String>> public var buttons: [String: String]
    public var imageAltText: String?

    public init(title: String? = nil, body: String? = nil, buttons: [String: String] = [:], imageAltText: String? = nil) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.imageAltText = imageAltText
    }
}

/// A survey's text in one more language; what it leaves out keeps the default's.
public struct SurveyTranslation: Sendable, Hashable, Codable {
    /// Questions, by question id.
    @Defaulted<Defaults.EmptyMap<QuestionTranslation>> public var questions: [String: QuestionTranslation]
    public var submitLabel: String?
    public var thankYou: ThankYouTranslation?

    public init(questions: [String: QuestionTranslation] = [:], submitLabel: String? = nil, thankYou: ThankYouTranslation? = nil) {
        self.questions = questions
        self.submitLabel = submitLabel
        self.thankYou = thankYou
    }
}

/// A survey question's prompt and choice labels in one more language.
public struct QuestionTranslation: Sendable, Hashable, Codable {
    public var prompt: String?
    /// Choice labels, by choice id.
    @Defaulted<Defaults.EmptyMap<String>> public var choices: [String: String]

    public init(prompt: String? = nil, choices: [String: String] = [:]) {
        self.prompt = prompt
        self.choices = choices
    }
}

/// A survey's thank-you page in one more language.
public struct ThankYouTranslation: Sendable, Hashable, Codable {
    public var title: String?
    public var body: String?

    public init(title: String? = nil, body: String? = nil) {
        self.title = title
        self.body = body
    }
}
