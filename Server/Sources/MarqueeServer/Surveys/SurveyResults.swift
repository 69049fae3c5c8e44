import Foundation
import MarqueeModel
import Vapor

/// A survey's live results, question by question: what `GET …/survey` returns and the
/// dashboard draws. Choice and scale questions list every choice or score with its count, in
/// the survey's order; text questions count their answers, read page by page (`…/survey/answers`).
struct SurveyResults: Content, Equatable {
    struct Question: Codable, Equatable, Sendable {
        struct Value: Codable, Equatable, Sendable {
            /// The choice id, or the score as text.
            var value: String
            var label: String
            var count: Int
        }

        var id: String
        var kind: SurveyQuestion.Kind
        var prompt: String
        /// Displays that answered this question.
        var answered: Int
        /// Choices or scores with their counts; empty for a text question.
        var values: [Value]
        /// The mean score of a rating or NPS question, when any was given.
        var average: Double?
        /// The Net Promoter Score (percent of 9–10 less percent of 0–6), for an NPS question answered at least once.
        var netPromoterScore: Int?
    }

    /// Displays that sent answers.
    var responses: Int
    var questions: [Question]

    init(survey: Survey, responses: Int, tallies: [SurveyResponses.Tally], answered: [String: Int]) {
        self.responses = responses
        let byQuestion = Dictionary(grouping: tallies, by: \.question_id)
        questions = survey.questions.map { question in
            let rows = byQuestion[question.id] ?? []
            let counts = Dictionary(rows.compactMap { row in row.choice.map { ($0, row.count) } }, uniquingKeysWith: +)
            let values: [Question.Value] = switch question.kind {
            case .singleChoice, .multipleChoice:
                question.choices.map { Question.Value(value: $0.id, label: $0.label, count: counts[$0.id] ?? 0) }
            case .rating, .nps:
                (question.kind.scores ?? 0...0).map { Question.Value(value: String($0), label: String($0), count: counts[String($0)] ?? 0) }
            case .text:
                []
            }
            var result = Question(id: question.id, kind: question.kind, prompt: question.prompt,
                                  answered: answered[question.id] ?? 0,
                                  values: values, average: nil, netPromoterScore: nil)
            if question.kind.scores != nil {
                let given = values.reduce(0) { $0 + $1.count }
                if given > 0 {
                    let total = values.reduce(0) { $0 + (Int($1.value) ?? 0) * $1.count }
                    result.average = (Double(total) / Double(given) * 100).rounded() / 100
                }
                if question.kind == .nps, given > 0 {
                    let promoters = values.filter { (Int($0.value) ?? 0) >= 9 }.reduce(0) { $0 + $1.count }
                    let detractors = values.filter { (Int($0.value) ?? 0) <= 6 }.reduce(0) { $0 + $1.count }
                    result.netPromoterScore = Int((Double(promoters - detractors) * 100 / Double(given)).rounded())
                }
            }
            return result
        }
    }
}
