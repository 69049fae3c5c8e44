import Foundation

/// A user's answer to one survey question.
public struct SurveyAnswer: Sendable, Hashable, Codable {
    /// What was answered, by the question's kind.
    public enum Value: Sendable, Hashable {
        /// The ids of the choices picked: one for a single-choice question.
        case choices([String])
        /// A rating or NPS score.
        case score(Int)
        /// A text answer.
        case text(String)
    }

    public var questionID: String
    public var value: Value

    public init(questionID: String, value: Value) {
        self.questionID = questionID
        self.value = value
    }

    /// The answer as goals compare it: choice ids, or the score or text as written.
    public var comparedValues: [String] {
        switch value {
        case .choices(let ids): ids
        case .score(let score): [String(score)]
        case .text(let text): [text]
        }
    }

    private enum CodingKeys: String, CodingKey { case question, choices, score, text }

    /// `{"question":"q1","choices":["a"]}`, `{"question":"q2","score":9}` or
    /// `{"question":"q3","text":"…"}`: exactly one value key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        questionID = try container.decode(String.self, forKey: .question)
        let present = [CodingKeys.choices, .score, .text].filter(container.contains)
        guard present.count == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .question, in: container,
                                                   debugDescription: "an answer has exactly one of choices, score or text")
        }
        switch present[0] {
        case .choices: value = .choices(try container.decode([String].self, forKey: .choices))
        case .score: value = .score(try container.decode(Int.self, forKey: .score))
        case .text: value = .text(try container.decode(String.self, forKey: .text))
        case .question: preconditionFailure("only value keys are looked for")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(questionID, forKey: .question)
        switch value {
        case .choices(let ids): try container.encode(ids, forKey: .choices)
        case .score(let score): try container.encode(score, forKey: .score)
        case .text(let text): try container.encode(text, forKey: .text)
        }
    }
}

/// Why a set of answers does not fit its survey.
public struct SurveyAnswerProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}

extension Survey {
    /// The answers as they will be stored: each names a question of the survey once, fits its
    /// kind (known choice ids, one for a single choice; a score in range; text within the
    /// question's length, trimmed), and every required question is answered. Empty answers (no
    /// choice, blank text) are left out, as if the question was skipped.
    ///
    /// - Throws: ``SurveyAnswerProblem`` naming the first answer that does not fit.
    public func checked(_ answers: [SurveyAnswer]) throws(SurveyAnswerProblem) -> [SurveyAnswer] {
        guard answers.count <= questions.count else {
            throw SurveyAnswerProblem("\(answers.count) answers for \(questions.count) questions")
        }
        var seen = Set<String>()
        var checked: [SurveyAnswer] = []
        for answer in answers {
            guard let question = question(answer.questionID) else {
                throw SurveyAnswerProblem("'\(answer.questionID.prefix(64))' is no question of the survey")
            }
            guard seen.insert(question.id).inserted else { throw SurveyAnswerProblem("'\(question.id)' is answered twice") }
            if let value = try question.checked(answer.value) {
                checked.append(SurveyAnswer(questionID: question.id, value: value))
            }
        }
        let answered = Set(checked.map(\.questionID))
        if let missing = questions.first(where: { $0.isRequired && !answered.contains($0.id) }) {
            throw SurveyAnswerProblem("'\(missing.id)' is required")
        }
        return checked
    }
}

extension SurveyQuestion {
    /// `value` as stored, `nil` when it answers nothing.
    func checked(_ value: SurveyAnswer.Value) throws(SurveyAnswerProblem) -> SurveyAnswer.Value? {
        switch (kind, value) {
        case (.singleChoice, .choices(let ids)), (.multipleChoice, .choices(let ids)):
            guard !ids.isEmpty else { return nil }
            guard kind == .multipleChoice || ids.count == 1 else { throw SurveyAnswerProblem("'\(id)' takes one choice") }
            guard Set(ids).count == ids.count else { throw SurveyAnswerProblem("'\(id)' names a choice twice") }
            let known = Set(choices.map(\.id))
            guard ids.allSatisfy(known.contains) else { throw SurveyAnswerProblem("'\(id)' has no such choice") }
            // Stored in the question's order, whatever order they were picked in.
            return .choices(choices.map(\.id).filter(ids.contains))
        case (.rating, .score(let score)), (.nps, .score(let score)):
            guard let scores = kind.scores, scores.contains(score) else {
                throw SurveyAnswerProblem("'\(id)' takes a score from \(kind.scores?.lowerBound ?? 0) to \(kind.scores?.upperBound ?? 0)")
            }
            return .score(score)
        case (.text, .text(let text)):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            guard TextRule.fits(trimmed, characters: maxLength) else { throw SurveyAnswerProblem("'\(id)' takes at most \(maxLength) characters") }
            return .text(trimmed)
        case (.singleChoice, _), (.multipleChoice, _), (.rating, _), (.nps, _), (.text, _):
            throw SurveyAnswerProblem("'\(id)' is a \(kind.rawValue) question")
        }
    }
}
