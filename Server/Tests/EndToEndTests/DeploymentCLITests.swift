import Foundation
import Testing

/// The `marquee` binary as an operator runs it: a data directory with the database and a private
/// admin token, backups while it serves, restores that wait for it to stop, and a SIGTERM that
/// lets requests in flight finish.
@Suite("Deploying the marquee binary", .serialized)
struct DeploymentCLITests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func theGeneratedAdminTokenIsInAPrivateFileAndNotInTheOutput() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let first = try await UsersCLITests.marquee(["migrate", "--data-dir", data.path])
        #expect(first.status == 0, "\(first.output)")

        let tokenFile = data.appendingPathComponent("admin-token")
        let token = try String(contentsOf: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.hasPrefix("mqa_"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o600)
        #expect(!first.output.contains(token), "the token never reaches the output")
        #expect(first.output.contains(tokenFile.path), "the output says where it is: \(first.output)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("marquee.sqlite").path))

        let second = try await UsersCLITests.marquee(["migrate", "--data-dir", data.path])
        #expect(second.status == 0)
        #expect(try String(contentsOf: tokenFile, encoding: .utf8).contains(token), "a later start keeps the token")

        let server = try await ServerProcess(["--data-dir", data.path], in: directory)
        let apps = try RawConnection.exchange(
            "GET /api/v1/apps HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(apps.status == 200, "the file's token is the admin token: \(apps.response)")
        server.terminate()
        #expect(try await server.exitStatus(within: 20) == 0)
    }

    /// With its output in a file, as a container or `> server.log` has it, the operator reads the
    /// demo's password while the server runs, not when it stops.
    @Test func theDemoPasswordIsInTheRedirectedOutputWhileTheServerRuns() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess(["--data-dir", directory.appendingPathComponent("data").path, "--demo"], in: directory)
        var output = server.output()
        for _ in 0..<50 where !output.contains("password:") {
            try await Task.sleep(for: .milliseconds(100))
            output = server.output()
        }
        #expect(output.contains("password:"), "within 5 s of readiness the output has the password: \(output)")
        #expect(output.contains("Seeded the demo app"), "\(output)")
        server.terminate()
        #expect(try await server.exitStatus(within: 20) == 0)
    }

    @Test func theAppleAppIDsOfTheCommandLineAreServedAndAWrongOneStopsTheStart() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        let wrong = try await UsersCLITests.marquee(["serve", "--data-dir", data, "--apple-app-ids", "com.example.shop"])
        #expect(wrong.status != 0)
        #expect(wrong.output.contains("Apple app ID 'com.example.shop': the team ID before the first dot must be 10 capital letters"),
                "\(wrong.output)")

        let server = try await ServerProcess(["--data-dir", data, "--apple-app-ids", "ABCDE12345.com.example.shop"], in: directory)
        let file = try RawConnection.exchange(
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(file.status == 200)
        #expect(file.response.contains(#""appIDs":["ABCDE12345.com.example.shop"]"#), "\(file.response)")
        server.terminate()
        #expect(try await server.exitStatus(within: 20) == 0)
    }

    @Test func backupsRunBesideTheServerAndRestoresWaitForItToStop() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        let backup = directory.appendingPathComponent("backup.sqlite").path
        let server = try await ServerProcess(["--data-dir", data, "--demo"], in: directory)

        let second = try await UsersCLITests.marquee(["serve", "--data-dir", data, "--port", "\(try ServerProcess.freePort())"])
        #expect(second.status != 0, "a second server on the same SQLite file is refused")
        #expect(second.output.contains("is using"), "\(second.output)")

        let copied = try await UsersCLITests.marquee(["backup", "--data-dir", data, "--to", backup])
        #expect(copied.status == 0, "\(copied.output)")
        #expect(copied.output.contains("integrity checked"), "\(copied.output)")
        let again = try await UsersCLITests.marquee(["backup", "--data-dir", data, "--to", backup])
        #expect(again.status != 0 && again.output.contains("exists already"), "\(again.output)")

        let refused = try await UsersCLITests.marquee(["restore", "--data-dir", data, "--from", backup])
        #expect(refused.status != 0, "a restore under a running server is refused")
        #expect(refused.output.contains("stop it first"), "\(refused.output)")

        server.terminate()
        #expect(try await server.exitStatus(within: 20) == 0)
        let restored = try await UsersCLITests.marquee(["restore", "--data-dir", data, "--from", backup])
        #expect(restored.status == 0, "\(restored.output)")
        #expect(restored.output.contains("The database it replaced is now"), "\(restored.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.contains("before-restore") }
        #expect(!kept.isEmpty, "the replaced database is kept: \(kept)")

        let restarted = try await ServerProcess(["--data-dir", data], in: directory)
        let config = try RawConnection.exchange(
            "GET /v1/config HTTP/1.1\r\nHost: x\r\nSubscription-Id: demo-subscription\r\nConnection: close\r\n\r\n", port: restarted.port)
        #expect(config.status == 200, "the restored demo app answers: \(config.response)")
        restarted.terminate()
        #expect(try await restarted.exitStatus(within: 20) == 0)
    }

    @Test func postgresBackupsPointToPostgresTools() async throws {
        let process = Process()
        process.executableURL = try SimulatorCLITests.marqueeExecutable()
        process.arguments = ["backup", "--to", "/tmp/never-written.sqlite"]
        process.environment = ["DATABASE_URL": "postgres://marquee@127.0.0.1:1/marquee", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(text.contains("pg_dump") && text.contains("pg_restore"), "\(text)")
    }

    /// SIGTERM stops new connections but lets a request in flight finish, and the process exits 0.
    @Test func sigtermLetsARequestInFlightFinish() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess(["--data-dir", directory.appendingPathComponent("data").path, "--demo"], in: directory)
        let body = #"{"userIdentifiers": [], "appVersion": "1.0", "supportedCampaignTypes": [1]}"#
        let half = body.utf8.count / 2
        let connection = try RawConnection(port: server.port)
        connection.send("POST /v1/ping HTTP/1.1\r\nHost: x\r\nSubscription-Id: demo-subscription\r\ndevice_id: drain\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                        + String(body.prefix(half)))
        try await Task.sleep(for: .milliseconds(300))
        server.terminate()
        try await Task.sleep(for: .milliseconds(500))
        #expect(throws: (any Error).self, "no new connections once stopping") { try RawConnection(port: server.port) }
        connection.send(String(body.dropFirst(half)))
        let answer = try await RawConnection.onOwnThread { connection.finish() }
        #expect(answer.status == 200, "the request in flight was answered: \(answer.response.prefix(300))")
        #expect(try await server.exitStatus(within: 20) == 0, "\(server.output().suffix(2000))")
    }

    /// App facts are written behind the answers, and SIGTERM writes those still waiting: a ping
    /// answered just before the signal counts in an audience after a restart.
    @Test func sigtermWritesTheAppFactsOfPingsAlreadyAnswered() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let server = try await ServerProcess(["--data-dir", data.path, "--demo"], in: directory)
        let ping = #"{"userIdentifiers": [{"id": "ada", "type": 3}], "appVersion": "2.5.1", "supportedCampaignTypes": [1]}"#
        let answered = try RawConnection.exchange(
            "POST /v1/ping HTTP/1.1\r\nHost: x\r\nSubscription-Id: demo-subscription\r\ndevice_id: facts\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(ping.utf8.count)\r\nConnection: close\r\n\r\n\(ping)",
            port: server.port)
        #expect(answered.status == 200, "\(answered.response.prefix(300))")
        server.terminate()
        #expect(try await server.exitStatus(within: 20) == 0, "\(server.output().suffix(2000))")

        let restarted = try await ServerProcess(["--data-dir", data.path], in: directory)
        defer { restarted.terminate() }
        let token = try ServerProcess.adminToken(in: data)
        func admin(_ method: String, _ path: String, _ body: String = "") throws -> [String: Any] {
            let answer = try restarted.admin(method, path, body, token: token)
            return try #require(answer.json as? [String: Any], "\(answer)")
        }
        let apps = try #require(try admin("GET", "/api/v1/apps")["items"] as? [[String: Any]])
        let demo = try #require(apps.first { $0["subscriptionID"] as? String == "demo-subscription" }?["id"] as? String)
        let audience = try admin("POST", "/api/v1/apps/\(demo)/audience",
                                 #"{"rule": {"fact": "appVersion", "operator": "equals", "value": "2.5.1"}}"#)
        #expect(audience["users"] as? Int == 1, "the ping's app version was written before the server stopped: \(audience)")
    }
}
