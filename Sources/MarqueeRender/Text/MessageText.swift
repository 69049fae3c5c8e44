import MarqueeModel

/// A message's user-visible text with placeholders filled, shared by both renderers so the HTML
/// and the terminal always show the same words.
struct MessageText: Sendable, Hashable {
    /// A button's filled-in label with what the renderers need beside it.
    struct Button: Sendable, Hashable {
        /// 1-based position, used for DOM ids and terminal choice numbers.
        var number: Int
        var id: String
        var text: String
        var textColor: HexColor
        var backgroundColor: HexColor
    }

    /// A carousel page's filled-in text.
    struct Page: Sendable, Hashable {
        /// 1-based position.
        var number: Int
        var id: String
        var title: String
        var body: String?
        var buttons: [Button]
        var imageAlt: String
    }

    /// A survey's filled-in text.
    struct Survey: Sendable, Hashable {
        struct Question: Sendable, Hashable {
            /// 1-based position.
            var number: Int
            var id: String
            var kind: SurveyQuestion.Kind
            var prompt: String
            var isRequired: Bool
            var maxLength: Int
            var choices: [Choice]
        }

        /// A choice id and its filled-in label.
        struct Choice: Sendable, Hashable {
            var id: String
            var label: String
        }

        var questions: [Question]
        /// Empty when the campaign gives none: the renderer's own words.
        var submitLabel: String
        var thankYouTitle: String
        var thankYouBody: String?
    }

    var header: String?
    var title: String
    var body: String?
    var buttons: [Button]
    /// Alt text of the message image; empty marks a decorative image.
    var imageAlt: String
    /// What assistive technologies read for an image or video message's media.
    var mediaAlt: String
    /// The campaign HTML of an `html` message: newlines normalized, placeholders filled with
    /// HTML-escaped values.
    var html: String?
    /// A carousel's pages (at most ``Campaign/Limits/carouselPages``' upper bound are rendered).
    var pages: [Page]
    /// A survey message's questions; `nil` for other kinds.
    var survey: Survey?

    /// Messages show at most two buttons (the model's rule); extra ones are not rendered.
    static let maximumButtons = 2

    init(_ message: Message, values: [String: String]) {
        func fill(_ text: String?) -> String? {
            guard let text else { return nil }
            let filled = Personalizer.fill(text, values: values)
            return filled.isEmpty ? nil : filled
        }
        header = fill(message.header)
        title = fill(message.title) ?? ""
        body = fill(message.body)
        buttons = Self.buttons(message.buttons, values: values)
        pages = message.kind != .carousel ? [] : message.pages.prefix(Campaign.Limits.carouselPages.upperBound).enumerated().map { offset, page in
            Page(number: offset + 1, id: page.id, title: fill(page.title) ?? "", body: fill(page.body),
                 buttons: Self.buttons(page.buttons, values: values), imageAlt: fill(page.image?.altText) ?? "")
        }
        survey = message.kind != .survey ? nil : message.survey.map { survey in
            Survey(questions: survey.questions.prefix(Campaign.Limits.surveyQuestions.upperBound).enumerated().map { offset, question in
                Survey.Question(number: offset + 1, id: question.id, kind: question.kind, prompt: fill(question.prompt) ?? "",
                                isRequired: question.isRequired, maxLength: question.maxLength,
                                choices: question.choices.prefix(Campaign.Limits.surveyChoices.upperBound).map {
                                    Survey.Choice(id: $0.id, label: fill($0.label) ?? "")
                                })
            }, submitLabel: fill(survey.submitLabel) ?? "", thankYouTitle: fill(survey.thankYou.title) ?? "",
                   thankYouBody: fill(survey.thankYou.body))
        }
        imageAlt = fill(message.image?.altText) ?? ""
        mediaAlt = fill(message.media?.altText) ?? fill(message.image?.altText) ?? title
        html = message.html.map { Personalizer.fill(Self.normalizingNewlines($0), values: values, encoding: .html) }
    }

    private static func buttons(_ buttons: [MessageButton], values: [String: String]) -> [Button] {
        buttons.prefix(maximumButtons).enumerated().map { offset, button in
            Button(number: offset + 1, id: button.id, text: Personalizer.fill(button.text, values: values),
                   textColor: button.textColor, backgroundColor: button.backgroundColor)
        }
    }

    /// `text` with CRLF and CR turned into LF and NUL into U+FFFD, as an HTML parser reads it;
    /// done before hashing scripts so the hashes match what the browser sees.
    static func normalizingNewlines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\u{0}" }) else { return text }
        var output = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": output.append("\n")
            case "\n" where previousWasCR: break
            case "\u{0}": output.append("\u{FFFD}")
            default: output.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return String(output)
    }
}
