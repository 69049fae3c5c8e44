import Foundation
import MarqueeModel

/// A profile import running behind its request: `POST …/profiles/import` answers 202 with it,
/// and `GET …/profiles/imports/{id}` reports its progress, its line errors and how it ended.
struct ImportJob: JSONResource, Codable, Equatable {
    enum Status: String, Codable, Sendable {
        /// Waiting for an earlier import on the same instance to finish.
        case queued
        case running
        /// Every line was read; ``ImportJob/report`` says what was imported and what was not.
        case done
        /// The import stopped on an error that is not a line's (``ImportJob/message``).
        case failed
        /// Its server stopped before it finished; the lines imported so far stay imported, and
        /// sending the file again is safe (a line sets what it names).
        case interrupted
    }

    var id: UUID
    var status: Status
    var format: String
    var report: ProfileImport.Report
    var message: String?
    var createdAt: Date
    var updatedAt: Date
    var finishedAt: Date?

    /// A queued or running job whose row has not moved for this long was interrupted: a running
    /// job moves with every batch, and a queued one waits at most ``ImportJobs/queueWait``.
    static let stalledAfter: TimeInterval = 15 * 60

    init(_ record: ImportJobRecord, now: Date) throws {
        id = try record.requireID()
        format = record.format
        report = ProfileImport.Report(
            imported: record.imported, failed: record.failed,
            errors: (try? MarqueeJSON.decoder().decode([ProfileImport.LineError].self, from: Data(record.errors.utf8))) ?? [])
        message = record.message
        createdAt = Date(millis: record.createdAt)
        updatedAt = Date(millis: record.updatedAt)
        finishedAt = record.finishedAt.map(Date.init(millis:))
        let stored = Status(rawValue: record.status) ?? .failed
        switch stored {
        case .queued, .running:
            status = now.timeIntervalSince(updatedAt) > Self.stalledAfter ? .interrupted : stored
        case .done, .failed, .interrupted:
            status = stored
        }
    }
}
