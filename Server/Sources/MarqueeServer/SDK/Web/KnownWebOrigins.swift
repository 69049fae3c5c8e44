import Fluent
import Foundation
import MarqueeModel
import NIOConcurrencyHelpers

/// Every app's web origins, held in memory: a CORS preflight cannot carry the app's
/// `Subscription-Id`, so it is answered by whether any app allows its origin
/// (``DeviceCORSMiddleware``), and preflights come before every cross-origin device request.
///
/// The set is dropped whenever the ``AppDirectory`` hears of a change: this instance's writes,
/// and on PostgreSQL every other instance's (LISTEN/NOTIFY), so a saved origin takes effect on
/// the next preflight everywhere. While the directory cannot hear other instances (its listener
/// is down), a set read is kept only for ``unheardLifetime``.
final class KnownWebOrigins: Sendable {
    /// How long a set is trusted when changes made elsewhere may go unheard.
    static let unheardLifetime: TimeInterval = 5

    private struct Held {
        var origins: Set<String>?
        var readAt = Date.distantPast
        /// Whether every change reaches the directory, so the set holds until one does.
        var isHeard = false
        /// Moves with every change, so a read that a change overtook is not kept.
        var generation = 0
    }

    private let held = NIOLockedValueBox(Held())
    private let directory: AppDirectory
    private let clock: any ServerClock

    init(directory: AppDirectory, clock: any ServerClock) {
        self.directory = directory
        self.clock = clock
        directory.observe { [held] _ in
            held.withLockedValue {
                $0.origins = nil
                $0.generation += 1
            }
        }
    }

    /// Whether any app lists `origin` among its web origins.
    func contains(_ origin: String, on database: any Database) async throws -> Bool {
        let now = clock.now()
        let current = held.withLockedValue { held -> Set<String>? in
            guard let origins = held.origins,
                  held.isHeard || now.timeIntervalSince(held.readAt) < Self.unheardLifetime else { return nil }
            return origins
        }
        if let current { return current.contains(origin) }
        let generation = held.withLockedValue(\.generation)
        let isHeard = await directory.isLearningOfChanges
        let origins = try await Self.read(on: database)
        held.withLockedValue {
            guard $0.generation == generation else { return }
            $0 = Held(origins: origins, readAt: now, isHeard: isHeard, generation: generation)
        }
        return origins.contains(origin)
    }

    /// Every origin some app lists, from the apps' rows.
    private static func read(on database: any Database) async throws -> Set<String> {
        let rows = try await AppRecord.query(on: database).filter(\.$webOriginsJSON != "[]").field(\.$webOriginsJSON).all()
        var origins: Set<String> = []
        for row in rows {
            // A row that does not decode allows nothing; reading the app itself reports it.
            let listed = (try? MarqueeJSON.decoder().decode([String].self, from: Data(row.webOriginsJSON.utf8))) ?? []
            origins.formUnion(listed)
        }
        return origins
    }
}
