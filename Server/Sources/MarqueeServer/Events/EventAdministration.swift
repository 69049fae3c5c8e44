import Fluent
import Foundation
import Vapor

/// `marquee events export`: an app's event log as NDJSON, read from the configured database
/// (migrated first, as `serve` would) a page at a time. The server need not be running.
public enum EventAdministration {
    public enum Failure: Error, CustomStringConvertible {
        case unknownApp(String)
        case badCursor(String)
        /// A cursor past the newest event the database ever held.
        case cursorBeyondNewest(String)
        case badTypes(String)

        public var description: String {
            switch self {
            case .unknownApp(let app): "no app has the ID or subscription ID “\(app)”"
            case .badCursor(let text): "“\(text)” is not a cursor of the event log"
            case .cursorBeyondNewest(let text): "“\(text)” is beyond the newest event of this database: give the last cursor it gave out, or 0"
            case .badTypes(let message): message
            }
        }
    }

    /// Writes the events of `app` (its ID or subscription ID) after `after`, of `types` (a
    /// comma-separated list; none: every type), a line at a time to `write`; `progress` hears how
    /// many were written after each page. Returns how many, and the cursor after the last.
    public static func export(app: String, after: String?, types: String?, configuration: ServerConfiguration,
                              write: @Sendable (Data) -> Void,
                              progress: @Sendable (_ written: Int) -> Void) async throws -> (count: Int, cursor: String) {
        guard let start = after.map({ EventCursor($0) }) ?? .start else { throw Failure.badCursor(after ?? "") }
        let filter: Set<EventType>?
        do { filter = try types.map(EventType.parseList) } catch let error as APIError { throw Failure.badTypes(error.message) }
        let application = try await MarqueeServerRunner.makeApplication()
        do {
            application.logger.logLevel = .warning
            try await DatabaseSetup(configuration).apply(to: application)
            application.migrations.addMarqueeMigrations()
            try await application.autoMigrate()
            let query = AppRecord.query(on: application.db)
            if let id = UUID(uuidString: app) { query.filter(\.$id == id) } else { query.filter(\.$subscriptionID == app) }
            guard let appID = try await query.first()?.id else { throw Failure.unknownApp(app) }
            let sql = try application.db.sql()
            guard try await EventLog.couldHaveIssued(start, on: sql) else { throw Failure.cursorBeyondNewest(start.description) }
            var cursor = start
            var count = 0
            while true {
                let page = try await EventLog.read(appID: appID, after: cursor, limit: 1_000, types: filter, on: sql)
                if !page.records.isEmpty {
                    write(EventLine.ndjson(page.records))
                    count += page.records.count
                    progress(count)
                }
                guard page.next != cursor else { break }
                cursor = page.next
            }
            try await application.asyncShutdown()
            return (count, cursor.description)
        } catch {
            try? await application.asyncShutdown()
            throw error
        }
    }
}
