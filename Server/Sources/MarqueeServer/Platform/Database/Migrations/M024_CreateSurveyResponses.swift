import Fluent
import SQLKit

/// Survey answers (``SurveyResponses``): a row per display that sent answers, unique per
/// campaign and display, and a row per answer value: a choice id or a score in `choice`, or a
/// text in `text`.
struct M024_CreateSurveyResponses: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SurveyResponses.responses)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("batch_id", .string, .required)
            .field("variant", .string, .required)
            .field("user_key", .string, .required)
            .field("answered_at", .int64, .required)
            .field("received_at", .int64, .required)
            .field("is_test", .bool, .required)
            .unique(on: "campaign_id", "batch_id")
            .create()
        try await database.schema(SurveyResponses.answers)
            .field("response_id", .uuid, .required, .references(SurveyResponses.responses, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("question_id", .string, .required)
            .field("choice", .string)
            .field("text", .string)
            .field("answered_at", .int64, .required)
            .field("is_test", .bool, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "survey_responses_campaign").on(SurveyResponses.responses)
            .column("campaign_id").column("is_test").column("answered_at").run()
        try await sql.create(index: "survey_answers_question").on(SurveyResponses.answers)
            .column("campaign_id").column("question_id").column("is_test").column("answered_at").run()
        try await sql.create(index: "survey_answers_response").on(SurveyResponses.answers).column("response_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SurveyResponses.answers).delete()
        try await database.schema(SurveyResponses.responses).delete()
    }
}
