import Foundation

/// An account as reported to administrators and the CLI: never its password hash.
public struct AccountSummary: Sendable, Equatable, Codable {
    public var id: UUID
    public var email: String
    public var role: AccountRole
    public var createdAt: Date

    init(_ record: AccountRecord) throws {
        id = try record.requireID()
        email = record.email
        role = try record.accountRole
        createdAt = record.createdAt
    }
}
