import Foundation

extension Survey {
    /// 1 to 10 questions with unique ids, each with a prompt; choice questions with 2 to 10
    /// choices of unique ids, the others with none; texts within the message's limits.
    func validate(into report: inout ValidationReport) {
        let limits = Campaign.Limits.self
        report.check(limits.surveyQuestions.contains(questions.count), "questions",
                     "a survey has \(limits.surveyQuestions.lowerBound) to \(limits.surveyQuestions.upperBound) questions")
        report.check(Set(questions.map(\.id)).count == questions.count, "questions", "question ids must be unique")
        report.check(TextRule.fits(submitLabel, characters: limits.maxButtonTextLength), "submitLabel",
                     "must be at most \(limits.maxButtonTextLength) characters")
        report.check(TextRule.fits(thankYou.title, characters: limits.maxTitleLength), "thankYou.title",
                     "must be at most \(limits.maxTitleLength) characters")
        report.check(TextRule.fits(thankYou.body ?? "", characters: limits.maxBodyLength), "thankYou.body",
                     "must be at most \(limits.maxBodyLength) characters")
        for (index, question) in questions.enumerated() {
            report.nested("questions[\(index)]") { question.validate(into: &$0) }
        }
    }
}

extension SurveyQuestion {
    func validate(into report: inout ValidationReport) {
        let limits = Campaign.Limits.self
        report.check(!id.isEmpty && IdentifierLimits.fits(id, limits.maxIdentifierLength) && !id.contains("."), "id",
                     "must be 1 to \(limits.maxIdentifierLength) bytes of UTF-8, without '.'")
        report.check(!prompt.trimmingCharacters(in: .whitespaces).isEmpty, "prompt", "must not be empty")
        report.check(TextRule.fits(prompt, characters: limits.maxTitleLength), "prompt", "must be at most \(limits.maxTitleLength) characters")
        if kind.hasChoices {
            report.check(limits.surveyChoices.contains(choices.count), "choices",
                         "a \(kind.rawValue) question has \(limits.surveyChoices.lowerBound) to \(limits.surveyChoices.upperBound) choices")
            report.check(Set(choices.map(\.id)).count == choices.count, "choices", "choice ids must be unique")
        } else {
            report.check(choices.isEmpty, "choices", "only choice questions have choices")
        }
        for (index, choice) in choices.enumerated() {
            report.nested("choices[\(index)]") { report in
                report.check(!choice.id.isEmpty && IdentifierLimits.fits(choice.id, limits.maxIdentifierLength)
                             && !choice.id.contains("."), "id",
                             "must be 1 to \(limits.maxIdentifierLength) bytes of UTF-8, without '.'")
                report.check(!choice.label.trimmingCharacters(in: .whitespaces).isEmpty, "label", "must not be empty")
                report.check(TextRule.fits(choice.label, characters: limits.maxButtonTextLength), "label",
                             "must be at most \(limits.maxButtonTextLength) characters")
            }
        }
        report.check(limits.surveyTextLength.contains(maxLength), "maxLength",
                     "must be \(limits.surveyTextLength.lowerBound) to \(limits.surveyTextLength.upperBound)")
    }
}

extension ConversionGoal {
    /// A survey goal names a question of the campaign's survey, and answers that question takes.
    func validate(against message: Message, into report: inout ValidationReport) {
        guard let survey = message.survey, message.kind == .survey else {
            return report.check(false, "event", "a surveyAnswer goal needs a survey message")
        }
        guard let question = survey.question(name ?? "") else {
            return report.check(false, "name", "names no question of the survey")
        }
        let allowed: Set<String> = switch question.kind {
        case .singleChoice, .multipleChoice: Set(question.choices.map(\.id))
        case .rating, .nps: Set((question.kind.scores ?? 0...0).map(String.init))
        case .text: []
        }
        for answer in answers where !allowed.contains(answer) {
            report.check(false, "answers", question.kind == .text
                ? "a text question's goal counts any answer: list none"
                : "'\(answer.prefix(64))' is no answer of question '\(question.id)'")
        }
    }
}
