import Fluent
import Foundation

/// Creates and finds team accounts. Shared by the API, the CLI and the demo, so an account is
/// validated, hashed and stored the same way whichever created it.
struct AccountStore: Sendable {
    let database: any Database
    let clock: any ServerClock
    let passwords: PasswordWorkers

    /// Hashes the password (off the event loop) and stores the account; a taken email is
    /// ``AccountError/emailTaken(_:)``, also when two creations race.
    func create(_ account: NewAccount) async throws -> AccountSummary {
        let hash = try await passwords.hash(account.password)
        let record = AccountRecord()
        record.id = UUID()
        record.email = account.email.value
        record.passwordHash = hash
        record.role = account.role.rawValue
        record.createdAt = clock.now()
        let email = account.email.value
        do {
            try await database.writeTransaction { db in
                if try await AccountRecord.query(on: db).filter(\.$email == email).first() != nil {
                    throw AccountError.emailTaken(email)
                }
                try await record.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another creation of the same email committed between the check and the insert.
            throw AccountError.emailTaken(email)
        }
        return try AccountSummary(record)
    }

    /// Changes an account's role and/or password. A new password ends every session of the
    /// account (whoever knew the old one is signed out); a new role applies to its live sessions
    /// at their next request. The last `admin` cannot be demoted.
    func update(_ id: UUID, role: AccountRole?, password: String?) async throws -> AccountSummary {
        let hash = if let password { try await passwords.hash(password) } else { String?.none }
        return try await database.writeTransaction { db in
            guard let record = try await AccountRecord.find(id, on: db) else { throw AccountError.accountNotFound }
            if let role, role != .admin, try record.accountRole == .admin {
                try await Self.ensureAnotherAdministrator(besides: id, on: db)
            }
            if let role { record.role = role.rawValue }
            if let hash {
                record.passwordHash = hash
                try await SessionRecord.query(on: db).filter(\.$account.$id == id).delete()
            }
            try await record.update(on: db)
            return try AccountSummary(record)
        }
    }

    /// Deletes an account and, with it, its sessions. The last `admin` cannot be deleted.
    func delete(_ id: UUID) async throws {
        try await database.writeTransaction { db in
            guard let record = try await AccountRecord.find(id, on: db) else { throw AccountError.accountNotFound }
            if try record.accountRole == .admin { try await Self.ensureAnotherAdministrator(besides: id, on: db) }
            // Explicit, so it holds whatever the connection's foreign-key setting.
            try await SessionRecord.query(on: db).filter(\.$account.$id == id).delete()
            try await record.delete(on: db)
        }
    }

    private static func ensureAnotherAdministrator(besides id: UUID, on db: any Database) async throws {
        let others = try await AccountRecord.query(on: db).filter(\.$role == AccountRole.admin.rawValue)
            .filter(\.$id != id).count()
        guard others > 0 else { throw AccountError.lastAdministrator }
    }

    /// Every account, oldest first.
    func list() async throws -> [AccountSummary] {
        try await AccountRecord.query(on: database).sort(\.$createdAt).sort(\.$email).all().map { try AccountSummary($0) }
    }

    /// The account with this (normalized) email, if any.
    func find(_ email: EmailAddress) async throws -> AccountRecord? {
        try await AccountRecord.query(on: database).filter(\.$email == email.value).first()
    }

    /// Whether any account exists (the demo creates one only on an empty server).
    func isEmpty() async throws -> Bool {
        try await AccountRecord.query(on: database).count() == 0
    }
}
