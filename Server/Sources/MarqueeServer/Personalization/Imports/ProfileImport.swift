import Fluent
import Foundation
import MarqueeModel
import NIOCore

/// Imports profiles of existing users from CSV or NDJSON, read as it arrives: records are parsed
/// one at a time and applied 500 to a transaction through ``UserProfileStore``, so memory holds
/// one batch whatever the file's size. A line that cannot be read or breaks a limit is reported by
/// its number and skipped; the others are imported. Lines are checked as every other route checks
/// its input: user IDs by ``IdentifierLimits/userIDProblem(_:)``, text as UTF-8 without NUL
/// (which PostgreSQL cannot store), and a CSV header names each column once.
///
/// - NDJSON: one object per line, `{"userID": "ada", "attributes": {…}, "addTags": […], "removeTags": […]}`,
///   read as `PATCH …/profile` reads its body (`null` removes an attribute).
/// - CSV: a header row naming `userID`, optionally `tags` (added; separated by `|`), and one column per
///   attribute, typed by a suffix: `points:number`, `vip:boolean`, `renewal:date`, `interests:list`
///   (items separated by `|`); a bare name (or `:string`) is text. An empty cell leaves the attribute as it is.
struct ProfileImport {
    let database: any Database
    let changes: UserChanges
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

    /// Reads `chunks` to their end; `progress` hears the report after each batch, and may pause
    /// the import (an import job lets device requests through) or stop it by throwing.
    func run<Chunks: AsyncSequence>(_ chunks: Chunks,
                                    progress: (Report) async throws -> Void = { _ in }) async throws -> Report where Chunks.Element == [UInt8] {
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
                    try await progress(report)
                }
            }
        }
        for try await chunk in chunks where !stopped { try await take(splitter.feed(chunk)) }
        if !stopped { try await take(splitter.finish()) }
        if !batch.isEmpty { try await apply(batch, to: &report) }
        if format == .csv && !reader.sawHeader && !stopped { fail(1, "the file is empty: a CSV import starts with a header row naming userID", in: &report) }
        try await progress(report)
        return report
    }

    /// Reads bytes already in memory (a request's body, within its size limit).
    func run(_ bytes: ByteBuffer, progress: (Report) async throws -> Void = { _ in }) async throws -> Report {
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(bytes.readableBytesView))
            continuation.finish()
        }
        return try await run(chunks, progress: progress)
    }

    private func fail(_ line: Int, _ message: String, in report: inout Report) {
        report.failed += 1
        if report.errors.count < Self.listedErrors { report.errors.append(LineError(line: line, message: message)) }
    }

    /// One transaction for the batch; a change the store refuses is reported, and the rest land.
    private func apply(_ batch: [(line: Int, userID: String, change: ProfileChange)], to report: inout Report) async throws {
        let appID = appID
        let millis = clock.nowMillis
        let users = batch.map { KeyDigest(user: $0.userID, in: appID) }
        let refused = try await changes.transaction(changing: users, on: database) { db in
            let sql = try db.sql()
            var refused: [LineError] = []
            for item in batch {
                do {
                    _ = try await UserProfileStore.apply(item.change, appID: appID, userID: item.userID, at: millis, from: .import, on: sql)
                } catch ProfileError.invalid(let issues) {
                    refused.append(LineError(line: item.line, message: issues.map(\.description).joined(separator: "; ")))
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

            /// The name the header row gives the column, without its type.
            var name: String {
                switch self {
                case .userID: "userID"
                case .tags: "tags"
                case .attribute(let name, _): name
                }
            }
        }

        /// Why `bytes` cannot be read as text, or `nil`: bytes that are not UTF-8, or a NUL.
        static func encodingProblem(_ bytes: [UInt8]) -> String? {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    if encoded.count == 1 && encoded.first == 0 { return "has a NUL byte (byte \(offset + 1))" }
                    offset += encoded.count
                case .error:
                    return "is not UTF-8 (byte \(offset + 1))"
                case .emptyInput:
                    return nil
                }
            }
        }

        mutating func read(_ record: RecordSplitter.Record) -> Outcome {
            guard let bytes = record.bytes else { return .failure("the line is longer than 64 KB") }
            switch format {
            case .ndjson:
                if let problem = Self.encodingProblem(bytes) { return .failure("the line \(problem)") }
                return Self.json(bytes)
            case .csv:
                guard let fieldBytes = RecordSplitter.csvFieldBytes(bytes) else {
                    let problem = "a quote is not closed, or text follows a closing quote"
                    return columns == nil ? .unreadableHeader(problem) : .failure(problem)
                }
                var fields: [String] = []
                for (index, field) in fieldBytes.enumerated() {
                    guard let text = String(validating: field, as: UTF8.self), !text.unicodeScalars.contains("\0") else {
                        let name = columns.flatMap { index < $0.count ? $0[index].name : nil }.map { " (\($0))" } ?? ""
                        let problem = "column \(index + 1)\(name): \(Self.encodingProblem(field) ?? "is not text")"
                        return columns == nil ? .unreadableHeader(problem) : .failure(problem)
                    }
                    fields.append(text)
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
                if let problem = IdentifierLimits.userIDProblem(userID) { return .failure("userID \(problem)") }
                if Self.holdsNUL(.object(object)) { return .failure("a text holds NUL (\\u0000), which cannot be stored") }
                return .change(userID: userID, try MarqueeJSON.decoder().decode(ProfileChange.self, from: data))
            } catch let error as DecodingError {
                return .failure(APIErrorMiddleware.describe(error))
            } catch {
                return .failure("not JSON: \(error)")
            }
        }

        /// Whether a key or a text anywhere in `value` holds U+0000.
        private static func holdsNUL(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let text): text.unicodeScalars.contains("\0")
            case .array(let items): items.contains(where: holdsNUL)
            case .object(let object): object.contains { $0.key.unicodeScalars.contains("\0") || holdsNUL($0.value) }
            case .null, .bool, .number: false
            }
        }

        private mutating func header(_ fields: [String]) -> Outcome {
            var columns: [Column] = []
            var seen: [String: Int] = [:]
            for (index, field) in fields.map({ $0.trimmingCharacters(in: .whitespaces) }).enumerated() {
                let name = String(field.split(separator: ":", maxSplits: 1).first ?? "")
                if let first = seen[name] {
                    return .unreadableHeader("column \(index + 1) “\(field)” names \(name) again (column \(first)): each column is named once")
                }
                seen[name] = index + 1
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
            if let problem = IdentifierLimits.userIDProblem(userID) {
                let column = (columns.firstIndex { if case .userID = $0 { true } else { false } } ?? 0) + 1
                return .failure("column \(column) (userID): userID \(problem)")
            }
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
