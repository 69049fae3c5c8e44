import Fluent
import Vapor

/// Account management for the `marquee users` commands: opens the configured database (migrating
/// it, as `serve` would), does one thing, and closes it. The server need not be running.
public enum AccountAdministration {
    /// Validates and creates an account; throws ``AccountError`` for a bad value or a taken email.
    public static func create(email: String, role: String, password: String,
                              configuration: ServerConfiguration) async throws -> AccountSummary {
        let account = try NewAccount(email: email, role: role, password: password)
        return try await withAccounts(configuration) { try await $0.create(account) }
    }

    /// Sets a new password for the account with `email` and ends its sessions: the way back in
    /// for someone who lost theirs (or the demo's).
    public static func setPassword(email: String, password: String,
                                   configuration: ServerConfiguration) async throws -> AccountSummary {
        guard let address = EmailAddress(email) else { throw AccountError.invalidEmail(email) }
        let password = try NewAccount.password(password)
        return try await withAccounts(configuration) { accounts in
            guard let record = try await accounts.find(address) else { throw AccountError.unknownAccount(address.value) }
            return try await accounts.update(try record.requireID(), role: nil, password: password)
        }
    }

    /// Every account, oldest first.
    public static func list(configuration: ServerConfiguration) async throws -> [AccountSummary] {
        try await withAccounts(configuration) { try await $0.list() }
    }

    private static func withAccounts<T: Sendable>(_ configuration: ServerConfiguration,
                                                  _ body: @Sendable (AccountStore) async throws -> T) async throws -> T {
        let app = try await MarqueeServerRunner.makeApplication()
        let passwords: PasswordWorkers
        do {
            app.logger.logLevel = .warning
            try await DatabaseSetup(configuration).apply(to: app)
            app.migrations.addMarqueeMigrations()
            try await app.autoMigrate()
            passwords = try PasswordWorkers(cost: configuration.passwordHashCost, eventLoop: app.eventLoopGroup.any())
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(AccountStore(database: app.db, clock: SystemServerClock(), passwords: passwords)))
        } catch {
            result = .failure(error)
        }
        await passwords.shutdown()
        try await app.asyncShutdown()
        return try result.get()
    }
}
