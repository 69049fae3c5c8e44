import Crypto
import Foundation
import NIOCore
import NIOPosix
import Vapor

/// Hashes and checks passwords with bcrypt on threads of their own. A check costs a quarter of
/// a second of CPU at the default cost: on an event loop it would stall every connection of that
/// loop, and on the application's pool it would starve SQLite, which runs its statements there.
///
/// ``verifyUnknown(_:)`` checks a password against a dummy hash of the same cost, so a sign-in
/// with an unknown email takes as long as one with a wrong password.
final class PasswordWorkers: Sendable {
    static let defaultCost = 12
    static let defaultThreads = 2

    private let pool: NIOThreadPool
    private let eventLoop: any EventLoop
    let cost: Int
    /// A hash of a random password nobody knows, made once at the configured cost.
    private let dummyHash: String

    init(cost: Int = PasswordWorkers.defaultCost, threads: Int = PasswordWorkers.defaultThreads,
         eventLoop: any EventLoop) throws {
        self.cost = cost
        self.eventLoop = eventLoop
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        dummyHash = try Bcrypt.hash(Secrets.generate(prefix: ""), cost: cost)
    }

    /// A bcrypt hash of `password` with a fresh salt.
    func hash(_ password: String) async throws -> String {
        let cost = cost, input = Self.bcryptInput(password)
        return try await pool.runIfActive(eventLoop: eventLoop) { try Bcrypt.hash(input, cost: cost) }.get()
    }

    /// Whether `password` matches `hash`. A malformed stored hash matches nothing.
    func verify(_ password: String, against hash: String) async throws -> Bool {
        let input = Self.bcryptInput(password)
        return try await pool.runIfActive(eventLoop: eventLoop) { (try? Bcrypt.verify(input, created: hash)) ?? false }.get()
    }

    /// What bcrypt reads for `password`. Bcrypt ignores what follows the 72nd byte, so a longer
    /// password is first reduced to its SHA-256 (71 bytes with its prefix) and every character
    /// counts; a shorter one is read as it is, as it always was.
    static func bcryptInput(_ password: String) -> String {
        guard password.utf8.count > 72 else { return password }
        return "sha256:" + SHA256.hash(data: Data(password.utf8)).lowercaseHex
    }

    /// Spends the time of a real check and answers `false`: for emails that have no account.
    func verifyUnknown(_ password: String) async throws -> Bool {
        _ = try await verify(password, against: dummyHash)
        return false
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}

/// Stops the password workers with the application.
struct PasswordWorkersLifecycle: LifecycleHandler {
    let workers: PasswordWorkers

    func shutdownAsync(_ application: Application) async {
        await workers.shutdown()
    }
}
