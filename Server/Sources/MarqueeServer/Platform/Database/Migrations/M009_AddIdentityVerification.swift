import Fluent
import SQLKit

/// Identity verification per app: the mode and the identity secret, with the previous secret and
/// the end of its grace period after a rotation.
struct M009_AddIdentityVerification: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AppRecord.schema)
            .field("identity_verification", .string, .required, .sql(.default("off")))
            .update()
        try await database.schema(AppRecord.schema).field("identity_secret", .string).update()
        try await database.schema(AppRecord.schema).field("previous_identity_secret", .string).update()
        try await database.schema(AppRecord.schema).field("previous_identity_secret_until", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppRecord.schema)
            .deleteField("identity_verification").deleteField("identity_secret")
            .deleteField("previous_identity_secret").deleteField("previous_identity_secret_until")
            .update()
    }
}
