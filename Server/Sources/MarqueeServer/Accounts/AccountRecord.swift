import Fluent
import Foundation

/// A team member who signs in to the dashboard. The email is stored normalized (see
/// ``EmailAddress``) and unique; the password only as a bcrypt hash.
final class AccountRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "accounts"

    @ID(key: .id) var id: UUID?
    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    /// An ``AccountRole`` raw value.
    @Field(key: "role") var role: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    /// The stored role; a value this build does not know is a server fault, never a guess.
    var accountRole: AccountRole {
        get throws {
            guard let role = AccountRole(rawValue: role) else {
                throw StoredDataError(what: "account \(id?.uuidString ?? "?")", underlying: "unknown role '\(role)'")
            }
            return role
        }
    }
}
