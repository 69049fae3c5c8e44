import MarqueeModel

/// A survey: its title and body, a fieldset per question, the submit button, and the thank-you
/// page the bridge shows once it has posted the answers (``BridgeMessage/surveyAnswered(_:)``).
/// The bridge reads each question's kind and requirement from `data-` attributes, so its code
/// never changes per survey.
extension MessageMarkup {
    var surveyMarkup: Markup {
        let survey = text.survey ?? MessageText.Survey(questions: [], submitLabel: "", thankYouTitle: "", thankYouBody: nil)
        let strings = options.strings
        let form = Markup.tag("div", [
            Markup.Attribute("id", "marquee-survey"),
            Markup.Attribute("class", "mq-survey"),
            Markup.Attribute("data-marquee-id", "marquee-survey"),
        ], [
            textBlock,
            .tag("div", [Markup.Attribute("class", "mq-questions")], survey.questions.map(question)),
            .tag("p", [
                Markup.Attribute("id", "marquee-survey-error"),
                Markup.Attribute("class", "mq-survey-error"),
                Markup.Attribute("data-marquee-id", "marquee-survey-error"),
                Markup.Attribute("role", "alert"),
                Markup.Attribute("hidden", ""),
            ], [.text(strings.answerRequired)]),
            .tag("div", [Markup.Attribute("class", "mq-buttons")], [
                .tag("button", [
                    Markup.Attribute("type", "button"),
                    Markup.Attribute("id", "marquee-survey-submit"),
                    Markup.Attribute("class", "mq-button mq-submit"),
                    Markup.Attribute("data-marquee-id", "marquee-survey-submit"),
                    Markup.Attribute("data-marquee-action", "survey-submit"),
                ], [.text(survey.submitLabel.isEmpty ? strings.submit : survey.submitLabel)]),
            ]),
        ])
        let thanks = Markup.tag("section", [
            Markup.Attribute("id", "marquee-survey-thanks"),
            Markup.Attribute("class", "mq-thanks"),
            Markup.Attribute("data-marquee-id", "marquee-survey-thanks"),
            Markup.Attribute("hidden", ""),
        ], [
            .tag("h2", [Markup.Attribute("class", "mq-title"), Markup.Attribute("id", "marquee-thanks-title"), Markup.Attribute("tabindex", "-1")],
                 [.text(survey.thankYouTitle.isEmpty ? strings.thankYou : survey.thankYouTitle)]),
            survey.thankYouBody.map { .tag("p", [Markup.Attribute("class", "mq-body"), Markup.Attribute("id", "marquee-thanks-body")], [.text($0)]) },
            .tag("div", [Markup.Attribute("class", "mq-buttons")], [
                .tag("button", [
                    Markup.Attribute("type", "button"),
                    Markup.Attribute("id", "marquee-survey-done"),
                    Markup.Attribute("class", "mq-button"),
                    Markup.Attribute("data-marquee-id", "marquee-survey-done"),
                    Markup.Attribute("data-marquee-action", "close"),
                ], [.text(strings.done)]),
            ]),
        ])
        return card([closeButton, form, thanks])
    }

    private func question(_ question: MessageText.Survey.Question) -> Markup {
        let id = "marquee-question-\(question.number)"
        let answer: Markup = switch question.kind {
        case .singleChoice, .multipleChoice:
            .tag("div", [Markup.Attribute("class", "mq-choices")], question.choices.enumerated().map { offset, choice in
                option(in: id, type: question.kind == .singleChoice ? "radio" : "checkbox", value: choice.id,
                       label: choice.label, number: offset + 1, className: "mq-choice")
            })
        case .rating, .nps:
            scale(in: id, scores: question.kind.scores ?? 0...0, isNPS: question.kind == .nps)
        case .text:
            .tag("textarea", [
                Markup.Attribute("id", "\(id)-text"),
                Markup.Attribute("class", "mq-answer-text"),
                Markup.Attribute("data-marquee-id", "\(id)-text"),
                Markup.Attribute("name", id),
                Markup.Attribute("rows", "3"),
                Markup.Attribute("maxlength", String(question.maxLength)),
                Markup.Attribute("aria-labelledby", "\(id)-prompt"),
            ], [])
        }
        return .tag("fieldset", [
            Markup.Attribute("id", id),
            Markup.Attribute("class", "mq-question"),
            Markup.Attribute("data-marquee-id", id),
            Markup.Attribute("data-marquee-question", question.id),
            Markup.Attribute("data-question-kind", question.kind.rawValue),
            Markup.Attribute("data-required", question.isRequired ? "true" : "false"),
            Markup.Attribute("data-max-length", String(question.maxLength)),
        ], [
            .tag("legend", [Markup.Attribute("id", "\(id)-prompt"), Markup.Attribute("class", "mq-prompt")], [
                .text(question.prompt),
                question.isRequired ? .tag("span", [Markup.Attribute("class", "mq-required"), Markup.Attribute("title", options.strings.required)],
                                           [.text(" *")]) : nil,
            ]),
            answer,
        ])
    }

    /// A row of scores, as radio buttons; an NPS scale names its two ends.
    private func scale(in id: String, scores: ClosedRange<Int>, isNPS: Bool) -> Markup {
        let row = Markup.tag("div", [Markup.Attribute("class", "mq-scale"), Markup.Attribute("data-count", String(scores.count))],
                             scores.map { score in
            option(in: id, type: "radio", value: String(score), label: String(score), number: score, className: "mq-score")
        })
        guard isNPS else { return row }
        return .tag("div", [], [
            row,
            .tag("div", [Markup.Attribute("class", "mq-scale-ends"), Markup.Attribute("aria-hidden", "true")], [
                .tag("span", [], [.text(options.strings.unlikely)]),
                .tag("span", [], [.text(options.strings.likely)]),
            ]),
        ])
    }

    private func option(in id: String, type: String, value: String, label: String, number: Int, className: String) -> Markup {
        .tag("label", [Markup.Attribute("class", className)], [
            .tag("input", [
                Markup.Attribute("type", type),
                Markup.Attribute("id", "\(id)-option-\(number)"),
                Markup.Attribute("data-marquee-id", "\(id)-option-\(number)"),
                Markup.Attribute("name", id),
                Markup.Attribute("value", value),
            ]),
            .tag("span", [], [.text(label)]),
        ])
    }
}
