import Fluent
import Foundation
import MarqueeModel
import SQLKit
import Vapor

/// A survey campaign's answers in the admin API: the results per question, the text answers
/// page by page, and every response as CSV. Live traffic only, as statistics are. Each is read in
/// the ``AdminLane``.
struct SurveysController {
    /// Text answers per page when the request names no limit, and at most.
    static let pageLimits = (standard: 20, maximum: 100)
    /// Responses one CSV export holds; a longer survey is exported in parts (`after`).
    static let exportLimit = 20_000
    private static let exportChunk = 1_000

    /// `GET …/campaigns/{campaignID}/survey`: responses and each question's distribution.
    @Sendable func results(req: Request) async throws -> SurveyResults {
        let (id, survey) = try await surveyCampaign(req)
        return try await req.inAdminLane { sql in
            SurveyResults(survey: survey, responses: try await SurveyResponses.responseCount(of: id, on: sql),
                          tallies: try await SurveyResponses.tallies(of: id, on: sql),
                          answered: try await SurveyResponses.answered(of: id, on: sql))
        }
    }

    struct TextAnswerPage: Content {
        var question: String
        var answers: [SurveyResponses.TextAnswer]
        /// The `after` of the next page; `nil` on the last.
        var next: String?
    }

    /// `GET …/survey/answers?question=ID&limit=20&after=CURSOR`: a text question's answers, newest first.
    @Sendable func textAnswers(req: Request) async throws -> TextAnswerPage {
        let (id, survey) = try await surveyCampaign(req)
        guard let questionID = req.query[String.self, at: "question"], let question = survey.question(questionID),
              question.kind == .text else {
            throw APIError(.badRequest, code: .invalidQuery, "question must name a text question of the survey")
        }
        let limit = try req.integerQuery("limit") ?? Self.pageLimits.standard
        guard (1...Self.pageLimits.maximum).contains(limit) else {
            throw APIError(.badRequest, code: .invalidQuery, "limit must be between 1 and \(Self.pageLimits.maximum)")
        }
        let cursor = try Self.cursor(req)
        let textQuestion = question.id
        var answers = try await req.inAdminLane { sql in
            try await SurveyResponses.texts(of: id, question: textQuestion, after: cursor, limit: limit + 1, on: sql)
        }
        let hasMore = answers.count > limit
        answers = Array(answers.prefix(limit))
        let next = hasMore ? answers.last.map { SurveyResponses.Cursor(answeredAt: $0.answeredAt, responseID: $0.responseId).text } : nil
        return TextAnswerPage(question: question.id, answers: answers, next: next)
    }

    /// `GET …/survey/export?after=CURSOR`: the responses as CSV, oldest first, up to
    /// ``exportLimit``; `Marquee-Next-After` names where the next part starts when there are more.
    @Sendable func export(req: Request) async throws -> Response {
        let (id, survey) = try await surveyCampaign(req)
        let start = try Self.cursor(req)
        let (csv, next) = try await req.inAdminLane { sql in
            let export = SurveyExport(survey: survey)
            var csv = export.header
            var cursor = start
            var exported = 0
            while exported < Self.exportLimit {
                let wanted = min(Self.exportChunk, Self.exportLimit - exported)
                let page = try await SurveyResponses.exportPage(of: id, after: cursor, limit: wanted, on: sql)
                for response in page { csv += export.row(response) }
                exported += page.count
                guard let last = page.last else { break }
                cursor = SurveyResponses.Cursor(answeredAt: last.answeredAt, responseID: last.id)
                if page.count < wanted { break }
            }
            var more = false
            if exported == Self.exportLimit {
                more = try await !SurveyResponses.exportPage(of: id, after: cursor, limit: 1, on: sql).isEmpty
            }
            return (csv, more ? cursor : nil)
        }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
        headers.add(name: .contentDisposition, value: "attachment; filename=\"survey-\(id.uuidString.lowercased()).csv\"")
        if let next { headers.add(name: "Marquee-Next-After", value: next.text) }
        return Response(status: .ok, headers: headers, body: .init(string: csv))
    }

    private static func cursor(_ req: Request) throws -> SurveyResponses.Cursor? {
        guard let text = req.query[String.self, at: "after"] else { return nil }
        guard let cursor = SurveyResponses.Cursor(text) else {
            throw APIError(.badRequest, code: .invalidQuery, "after must be the next value a previous page gave")
        }
        return cursor
    }

    /// The campaign the path names and its survey; 404 when it has none.
    private func surveyCampaign(_ req: Request) async throws -> (UUID, Survey) {
        let record = try await CatalogStore.campaign(try req.campaignIDParameter, in: try req.authorizedAppID, on: req.db)
        guard let survey = try record.campaign().message.survey else { throw APIError.notFound("survey") }
        return (try record.requireID(), survey)
    }
}
