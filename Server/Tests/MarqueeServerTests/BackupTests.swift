import Foundation
import MarqueeServer
import SQLKit
import Testing

/// `marquee backup` copies a SQLite database that a server goes on writing to: the copy holds
/// every batch acknowledged before the backup began, its counts agree with its rows, and a
/// server started on it serves what the original served.
@Suite("Backups of a live SQLite database")
struct BackupTests {
    /// The devices whose impressions were acknowledged so far, in order.
    actor Acknowledged {
        private(set) var devices: [String] = []
        private(set) var stopped = false
        func add(_ device: String) { devices.append(device) }
        func stop() { stopped = true }
    }

    @Test func aBackupDuringIngestionHoldsEveryAcknowledgedBatchAndServesTheSameStatistics() async throws {
        guard case .sqliteFile(let path) = TestDatabase.sqliteFile.makeStorage() else { return }
        let duringLoad = path + ".during-load", quiet = path + ".quiet"
        var before: [String] = []
        var original: [String: Any] = [:]
        var statsPath = ""
        try await TestServer.with(storage: .sqliteFile(path)) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            statsPath = "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats"
            let acknowledged = Acknowledged()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        var batch = 0
                        while await !acknowledged.stopped {
                            let device = "device-\(writer)-\(batch)"
                            let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_000), .init(type: 2, timestamp: 1_001)],
                                                      batchId: device)
                            let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                                 deviceID: device, json: body)
                            if (200..<300).contains(response.status.code) { await acknowledged.add(device) }
                            batch += 1
                        }
                    }
                }
                while await acknowledged.devices.count < 80 { try await Task.sleep(for: .milliseconds(10)) }
                before = await acknowledged.devices
                _ = try await DatabaseBackup.backup(database: path, to: duringLoad)
                await acknowledged.stop()
                try await group.waitForAll()
            }
            #expect(await acknowledged.devices.count > before.count, "ingestion went on around the backup")
            _ = try await DatabaseBackup.backup(database: path, to: quiet)
            original = try await server.send(.GET, statsPath).json
        }

        try await TestServer.with(storage: .sqliteFile(duringLoad)) { copy in
            let sql = try #require(copy.app.db as? any SQLDatabase)
            struct Row: Decodable { var device_id: String }
            let devices = Set(try await sql.raw("SELECT DISTINCT device_id FROM impression_batches").all(decoding: Row.self).map(\.device_id))
            let missing = before.filter { !devices.contains($0) }
            #expect(missing.isEmpty, "acknowledged before the backup but not in it: \(missing.prefix(5))")
            let stats = try await copy.send(.GET, statsPath).json
            #expect(stats["impressions"] as? Int == devices.count, "the counts agree with the rows the copy holds")
            #expect(stats["buttonOneClicks"] as? Int == devices.count)
        }
        try await TestServer.with(storage: .sqliteFile(quiet)) { copy in
            let stats = try await copy.send(.GET, statsPath).json
            for key in ["impressions", "uniqueViewers", "buttonOneClicks"] {
                #expect(stats[key] as? Int == original[key] as? Int, "\(key)")
            }
        }
    }

    @Test func aBackupNeverOverwritesAFileAndRefusesWhatIsNotADatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("existing").path
        let text = directory.appendingPathComponent("notes.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))

        try await TestServer.with(.sqliteFile) { server in
            let sql = try #require(server.app.db as? any SQLDatabase)
            struct Row: Decodable { var file: String }
            let path = try #require(try await sql.raw("SELECT file FROM pragma_database_list WHERE name = 'main'").first(decoding: Row.self)).file
            await #expect(throws: DatabaseBackup.Failure.destinationExists(existing)) {
                try await DatabaseBackup.backup(database: path, to: existing)
            }
            #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        }
        await #expect(throws: (any Error).self) { try await DatabaseBackup.verify(text) }
        await #expect(throws: DatabaseBackup.Failure.missing(directory.appendingPathComponent("none").path)) {
            try await DatabaseBackup.verify(directory.appendingPathComponent("none").path)
        }
    }
}
