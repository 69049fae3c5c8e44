import Foundation
import MarqueeModel
import SQLKit

/// The answers surveys collected: `survey_responses` holds one row per display that sent
/// answers (its unique key on campaign and display makes a retried request count once), and
/// `survey_answers` one row per question answered: its chosen ids or its score in `choice`
/// (``ChosenValues``), or its text in `text`.
/// Test traffic is stored flagged and left out of results, as impressions are.
enum SurveyResponses {
    static let responses = "survey_responses"
    static let answers = "survey_answers"

    /// One display's answers, checked against the survey.
    struct Response: Sendable {
        var appID: UUID
        var campaignID: UUID
        var batchID: String
        var variant: String
        var userKey: String
        var answeredAt: Int64
        var receivedAt: Int64
        var isTest: Bool
        var answers: [SurveyAnswer]
    }

    private static let answerInsert = RowInsert(
        table: answers, columns: ["response_id", "campaign_id", "question_id", "choice", "text", "answered_at", "is_test"])

    private struct Inserted: Decodable {
        var id: UUID
    }

    /// Stores `response` inside the caller's transaction unless its display's answers are
    /// stored already; whether it was new.
    static func insert(_ response: Response, on sql: any SQLDatabase) async throws -> Bool {
        let id = UUID()
        let inserted = try await sql.insert(into: responses)
            .columns("id", "app_id", "campaign_id", "batch_id", "variant", "user_key", "answered_at", "received_at", "is_test")
            .values([SQLBind(id), SQLBind(response.appID), SQLBind(response.campaignID), SQLBind(response.batchID),
                     SQLBind(response.variant), SQLBind(response.userKey), SQLBind(response.answeredAt),
                     SQLBind(response.receivedAt), SQLBind(response.isTest)])
            .ignoringConflicts(with: ["campaign_id", "batch_id"])
            .returning("id").all(decoding: Inserted.self)
        guard !inserted.isEmpty else { return false }
        let rows = response.answers.map { answer -> [StoredValue] in
            let (choice, text): (String?, String?) = switch answer.value {
            case .choices(let ids): (ChosenValues.packed(ids), nil)
            case .score(let score): (ChosenValues.packed([String(score)]), nil)
            case .text(let text): (nil, text)
            }
            return [.uuid(id), .uuid(response.campaignID), .text(answer.questionID), .text(choice), .text(text),
                    .integer(Int(response.answeredAt)), .bool(response.isTest)]
        }
        if !rows.isEmpty { try await sql.run(answerInsert, rows: rows) }
        return true
    }

    /// How many live displays sent answers.
    static func responseCount(of campaignID: UUID, on sql: any SQLDatabase) async throws -> Int {
        struct Row: Decodable { var count: Int }
        return try await sql.raw("""
            SELECT CAST(COUNT(*) AS BIGINT) AS count FROM \(ident: responses)
            WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
            """).first(decoding: Row.self)?.count ?? 0
    }

    /// How often each choice or score was given to a question (live traffic).
    struct Tally: Decodable, Sendable {
        var question_id: String
        /// `nil` on the row that counts a question's text answers.
        var choice: String?
        var count: Int

        struct Key: Hashable {
            var question: String
            var choice: String?
        }
    }

    /// Counted per combination of choices in the database, then per choice here.
    static func tallies(of campaignID: UUID, on sql: any SQLDatabase) async throws -> [Tally] {
        let combinations = try await sql.raw("""
            SELECT question_id, choice, CAST(COUNT(*) AS BIGINT) AS count
            FROM \(ident: answers) WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
            GROUP BY question_id, choice
            """).all(decoding: Tally.self)
        var counts: [Tally.Key: Int] = [:]
        for combination in combinations {
            let values: [String?] = combination.choice.map(ChosenValues.unpacked) ?? [nil]
            for value in values { counts[Tally.Key(question: combination.question_id, choice: value), default: 0] += combination.count }
        }
        return counts.map { Tally(question_id: $0.key.question, choice: $0.key.choice, count: $0.value) }
    }

    /// How many displays answered each question (live traffic): a multiple choice counts once.
    static func answered(of campaignID: UUID, on sql: any SQLDatabase) async throws -> [String: Int] {
        struct Row: Decodable { var question_id: String; var responses: Int }
        let rows = try await sql.raw("""
            SELECT question_id, CAST(COUNT(DISTINCT response_id) AS BIGINT) AS responses
            FROM \(ident: answers) WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
            GROUP BY question_id
            """).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.question_id, $0.responses) }, uniquingKeysWith: +)
    }

    /// A text answer and when it was given.
    struct TextAnswer: Codable, Sendable, Equatable {
        var responseId: UUID
        var answeredAt: Int64
        var text: String
    }

    /// The place after the last answer of a page: newest first, by time then response.
    struct Cursor: Sendable, Equatable {
        var answeredAt: Int64
        var responseID: UUID

        /// `1700000000000.<uuid>`, or `nil` when `text` is not one.
        init?(_ text: String) {
            let parts = text.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, let millis = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { return nil }
            answeredAt = millis
            responseID = id
        }

        init(answeredAt: Int64, responseID: UUID) {
            self.answeredAt = answeredAt
            self.responseID = responseID
        }

        var text: String { "\(answeredAt).\(responseID.uuidString.lowercased())" }
    }

    /// Up to `limit` live text answers to `questionID`, newest first, after `cursor`.
    static func texts(of campaignID: UUID, question questionID: String, after cursor: Cursor?, limit: Int,
                      on sql: any SQLDatabase) async throws -> [TextAnswer] {
        struct Row: Decodable { var response_id: UUID; var answered_at: Int64; var text: String }
        let before: SQLQueryString = cursor.map {
            "AND (answered_at < \(bind: $0.answeredAt) OR (answered_at = \(bind: $0.answeredAt) AND response_id < \(bind: $0.responseID)))"
        } ?? ""
        return try await sql.raw("""
            SELECT response_id, answered_at, text FROM \(ident: answers)
            WHERE campaign_id = \(bind: campaignID) AND question_id = \(bind: questionID) AND is_test = \(bind: false)
              AND text IS NOT NULL \(before)
            ORDER BY answered_at DESC, response_id DESC LIMIT \(unsafeRaw: String(limit))
            """).all(decoding: Row.self).map { TextAnswer(responseId: $0.response_id, answeredAt: $0.answered_at, text: $0.text) }
    }

    /// One display's answers as the export lists them.
    struct ExportedResponse: Sendable {
        var id: UUID
        var answeredAt: Int64
        var variant: String
        var userKey: String
        /// Values by question id: choice ids or a score, or a text.
        var values: [String: [String]] = [:]
    }

    /// Up to `limit` live responses, oldest first, after `cursor`, with their answers.
    static func exportPage(of campaignID: UUID, after cursor: Cursor?, limit: Int, on sql: any SQLDatabase) async throws -> [ExportedResponse] {
        struct ResponseRow: Decodable { var id: UUID; var answered_at: Int64; var variant: String; var user_key: String }
        struct AnswerRow: Decodable { var response_id: UUID; var question_id: String; var choice: String?; var text: String? }
        let after: SQLQueryString = cursor.map {
            "AND (answered_at > \(bind: $0.answeredAt) OR (answered_at = \(bind: $0.answeredAt) AND id > \(bind: $0.responseID)))"
        } ?? ""
        let rows = try await sql.raw("""
            SELECT id, answered_at, variant, user_key FROM \(ident: responses)
            WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false) \(after)
            ORDER BY answered_at, id LIMIT \(unsafeRaw: String(limit))
            """).all(decoding: ResponseRow.self)
        guard !rows.isEmpty else { return [] }
        var page = rows.map { ExportedResponse(id: $0.id, answeredAt: $0.answered_at, variant: $0.variant, userKey: $0.user_key) }
        let index = Dictionary(uniqueKeysWithValues: page.enumerated().map { ($1.id, $0) })
        let answerRows = try await sql.raw("""
            SELECT response_id, question_id, choice, text FROM \(ident: answers)
            WHERE response_id IN (\(binds: rows.map(\.id)))
            """).all(decoding: AnswerRow.self)
        for row in answerRows {
            guard let position = index[row.response_id] else { continue }
            let values = row.choice.map(ChosenValues.unpacked) ?? row.text.map { [$0] } ?? []
            page[position].values[row.question_id, default: []] += values
        }
        return page
    }

    /// Deletes the responses `condition` selects (on `survey_responses`), and their answers.
    static func retire(where condition: SQLQueryString, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            DELETE FROM \(ident: answers) WHERE response_id IN (SELECT id FROM \(ident: responses) WHERE \(condition))
            """).run()
        try await sql.raw("DELETE FROM \(ident: responses) WHERE \(condition)").run()
    }
}
