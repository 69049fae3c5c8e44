import Fluent
import Foundation
import MarqueeModel
import NIOCore

/// Imports profiles of existing users from CSV or NDJSON, read as it arrives: records are parsed
/// one at a time and applied 500 to a transaction through ``UserProfileStore``, so memory holds
/// one batch whatever the file's size. A line that cannot be read or breaks a limit is reported by
/// its number and skipped; the others are imported.
///
/// - NDJSON: one object per line, `{"userID": "ada", "attributes": {…}, "addTags": […], "removeTags": […]}`,
///   read as `PATCH …/profile` reads its body (`null` removes an attribute).
/// - CSV: a header row naming `userID`, optionally `tags` (added; separated by `|`), and one column per
///   attribute, typed by a suffix: `points:number`, `vip:boolean`, `renewal:date`, `interests:list`
///   (items separated by `|`); a bare name (or `:string`) is text. An empty cell leaves the attribute as it is.
struct ProfileImport {
    let database: any Database
    let appID: UUID
    let clock: any ServerClock
    let format: RecordSplitter.Format

    static let batchSize = 500
    /// Errors listed in a report; the count covers them all.
    static let listedErrors = 100

    struct Report: JSONResource, Codable, Equatable {
        var imported = 0
        var failed = 0
        /// The first ``ProfileImport/listedErrors`` failures, by line.
        var errors: [LineError] = []
    }

    struct LineError: Codable, Equatable, Sendable {
        var line: Int
        var message: String
    }

    /// Reads `chunks` to their end; `progress` hears the report after each batch.
    func run<Chunks: AsyncSequence>(_ chunks: Chunks,
                                    progress: (Report) -> Void = { _ in }) async throws -> Report where Chunks.Element == [UInt8] {
        var splitter = RecordSplitter(format: format)
        var reader = LineReader(format: format)
        var report = Report()
        var batch: [(line: Int, userID: String, change: ProfileChange)] = []
        var stopped = false
        func take(_ records: [RecordSplitter.Record]) async throws {
            for record in records where !stopped {
                switch reader.read(record) {
                case .header: break
                case .failure(let message): fail(record.line, message, in: &report)
                case .unreadableHeader(let message):
                    // Without its columns no row can be read: the import stops here.
                    fail(record.line, message, in: &report)
                    stopped = true
                case .change(let userID, let change): batch.append((record.line, userID, change))
                }
                if batch.count >= Self.batchSize {
                    try await apply(batch, to: &report)
                    batch.removeAll(keepingCapacity: true)
                    progress(report)
                }
            }
        }
        for try await chunk in chunks where !stopped { try await take(splitter.feed(chunk)) }
        if !stopped { try await take(splitter.finish()) }
        if !batch.isEmpty { try await apply(batch, to: &report) }
        if format == .csv && !reader.sawHeader && !stopped { fail(1, "the file is empty: a CSV import starts with a header row naming userID", in: &report) }
        progress(report)
        return report
    }

    /// Reads bytes already in memory (a request's body, within its size limit).
    func run(_ bytes: ByteBuffer) async throws -> Report {
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(bytes.readableBytesView))
            continuation.finish()
        }
        return try await run(chunks)
    }

    private func fail(_ line: Int, _ message: String, in report: inout Report) {
        report.failed += 1
        if report.errors.count < Self.listedErrors { report.errors.append(LineError(line: line, message: message)) }
    }

    /// One transaction for the batch; a change the store refuses is reported, and the rest land.
    private func apply(_ batch: [(line: Int, userID: String, change: ProfileChange)], to report: inout Report) async throws {
        let appID = appID
        let millis = clock.nowMillis
        let refused = try await database.writeTransaction { db in
            let sql = try db.sql()
            var refused: [LineError] = []
            for item in batch {
                do {
                    _ = try await UserProfileStore.apply(item.change, appID: appID, userID: item.userID, at: millis, on: sql)
                } catch let error as APIError {
                    refused.append(LineError(line: item.line, message: error.fields.map(\.description).joined(separator: "; ")))
                }
            }
            return refused
        }
        report.imported += batch.count - refused.count
        for error in refused { fail(error.line, error.message, in: &report) }
    }
}

extension ProfileImport {
    /// Turns records into changes: NDJSON lines each, CSV rows by the header row's columns.
    struct LineReader {
        enum Outcome {
            case header
            case change(userID: String, ProfileChange)
            case failure(String)
            case unreadableHeader(String)
        }

        let format: RecordSplitter.Format
        private var columns: [Column]?
        var sawHeader: Bool { columns != nil }

        init(format: RecordSplitter.Format) {
            self.format = format
        }

        enum Column {
            case userID, tags
            case attribute(String, ProfileValue.Kind)
        }

        mutating func read(_ record: RecordSplitter.Record) -> Outcome {
            guard let bytes = record.bytes else { return .failure("the line is longer than 64 KB") }
            switch format {
            case .ndjson: return Self.json(bytes)
            case .csv:
                guard let fields = RecordSplitter.csvFields(bytes) else {
                    let problem = "a quote is not closed, or text follows a closing quote"
                    return columns == nil ? .unreadableHeader(problem) : .failure(problem)
                }
                guard let columns else { return header(fields) }
                return Self.row(fields, columns: columns)
            }
        }

        private struct JSONLine: Decodable {
            var userID: String
        }

        private static let jsonKeys: Set<String> = ["userID", "attributes", "addTags", "removeTags"]

        private static func json(_ bytes: [UInt8]) -> Outcome {
            let data = Data(bytes)
            do {
                guard case .object(let object) = try MarqueeJSON.decoder().decode(JSONValue.self, from: data) else {
                    return .failure("a line is a JSON object")
                }
                if let unknown = object.keys.sorted().first(where: { !jsonKeys.contains($0) }) {
                    return .failure("\(unknown) is not a known field (userID, attributes, addTags, removeTags)")
                }
                let userID = try MarqueeJSON.decoder().decode(JSONLine.self, from: data).userID
                guard !userID.isEmpty else { return .failure("userID must not be empty") }
                return .change(userID: userID, try MarqueeJSON.decoder().decode(ProfileChange.self, from: data))
            } catch let error as DecodingError {
                return .failure(APIErrorMiddleware.describe(error))
            } catch {
                return .failure("not JSON: \(error)")
            }
        }

        private mutating func header(_ fields: [String]) -> Outcome {
            var columns: [Column] = []
            for field in fields.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                switch field {
                case "userID": columns.append(.userID)
                case "tags": columns.append(.tags)
                default:
                    let parts = field.split(separator: ":", maxSplits: 1).map(String.init)
                    let kind = parts.count == 2 ? ProfileValue.Kind(rawValue: parts[1]) : .string
                    guard let name = parts.first, ProfileName.isValid(name), let kind else {
                        return .unreadableHeader("column “\(field)”: \(ProfileName.rule), optionally followed by :number, :boolean, :date or :list")
                    }
                    columns.append(.attribute(name, kind))
                }
            }
            guard columns.filter({ if case .userID = $0 { true } else { false } }).count == 1 else {
                return .unreadableHeader("the header row names userID once")
            }
            self.columns = columns
            return .header
        }

        private static func row(_ fields: [String], columns: [Column]) -> Outcome {
            guard fields.count == columns.count else { return .failure("\(fields.count) fields; the header names \(columns.count)") }
            var userID = ""
            var change = ProfileChange()
            for (column, field) in zip(columns, fields) {
                switch column {
                case .userID: userID = field
                case .tags: change.addTags = field.split(separator: "|").map(String.init)
                case .attribute(let name, let kind):
                    guard !field.isEmpty else { continue }
                    guard let value = value(field, kind) else { return .failure("\(name): “\(field)” is not \(kind.rawValue)") }
                    change.attributes[name] = value
                }
            }
            guard !userID.isEmpty else { return .failure("userID must not be empty") }
            return .change(userID: userID, change)
        }

        private static func value(_ text: String, _ kind: ProfileValue.Kind) -> ProfileValue? {
            switch kind {
            case .string: .string(text)
            case .number: Double(text).flatMap { $0.isFinite ? .number($0) : nil }
            case .boolean: ["true": true, "false": false][text.lowercased()].map(ProfileValue.boolean)
            case .date: MarqueeJSON.parseDate(text).map(ProfileValue.date)
            case .list: .list(text.split(separator: "|").map(String.init))
            }
        }
    }
}
