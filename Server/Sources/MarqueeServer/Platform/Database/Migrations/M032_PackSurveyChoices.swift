import Fluent
import Foundation
import SQLKit

/// A survey answer's choices go in one row (``ChosenValues``) instead of a row per choice: the
/// rows of each response's question are read a page of responses at a time and written back
/// as one.
struct M032_PackSurveyChoices: AsyncMigration {
    private static let page = 500

    private struct ResponseID: Decodable { var id: UUID }

    private struct Choice: Decodable {
        var response_id: UUID
        var campaign_id: UUID
        var question_id: String
        var choice: String
        var answered_at: Int64
        var is_test: Bool
    }

    private struct Question: Hashable {
        var response: UUID
        var question: String
    }

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        let insert = RowInsert(table: SurveyResponses.answers,
                               columns: ["response_id", "campaign_id", "question_id", "choice", "text", "answered_at", "is_test"])
        var after: UUID?
        while true {
            let from: SQLQueryString = after.map { "WHERE id > \(bind: $0)" } ?? ""
            let responses = try await sql.raw("""
                SELECT id FROM \(ident: SurveyResponses.responses) \(from) ORDER BY id LIMIT \(literal: Self.page)
                """).all(decoding: ResponseID.self).map(\.id)
            guard !responses.isEmpty else { return }
            let choices = try await sql.raw("""
                SELECT response_id, campaign_id, question_id, choice, answered_at, is_test FROM \(ident: SurveyResponses.answers)
                WHERE response_id IN (\(binds: responses)) AND choice IS NOT NULL
                """).all(decoding: Choice.self)
            let byQuestion = Dictionary(grouping: choices) { Question(response: $0.response_id, question: $0.question_id) }
            try await sql.raw("""
                DELETE FROM \(ident: SurveyResponses.answers) WHERE response_id IN (\(binds: responses)) AND choice IS NOT NULL
                """).run()
            try await sql.run(insert, rows: byQuestion.values.compactMap { rows -> [StoredValue]? in
                guard let first = rows.first else { return nil }
                return [.uuid(first.response_id), .uuid(first.campaign_id), .text(first.question_id),
                        .text(ChosenValues.packed(rows.map(\.choice))), .text(nil), .integer(Int(first.answered_at)), .bool(first.is_test)]
            })
            guard responses.count == Self.page else { return }
            after = responses.last
        }
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
