import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeServer
import Testing

/// Drives the real `marquee users` commands against a SQLite file, then signs in to a server on it.
@Suite("marquee users")
struct UsersCLITests {
    struct Run {
        var status: Int32
        var output: String
    }

    /// Runs `marquee` with `arguments` and `input` on standard input (not a terminal).
    static func marquee(_ arguments: [String], input: String = "") async throws -> Run {
        let process = Process()
        process.executableURL = try SimulatorCLITests.marqueeExecutable()
        process.arguments = arguments
        // The database is chosen by --database alone.
        process.environment = ProcessInfo.processInfo.environment.filter { !["DATABASE_URL", "MARQUEE_DATABASE"].contains($0.key) }
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: data)
            }
        }
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    @Test func createdAccountsSignInToTheServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("users-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("marquee.sqlite").path
        let password = "a long enough secret"

        let created = try await Self.marquee(["users", "create", "--database", database, "--email", "Ada@Example.com",
                                              "--role", "editor", "--password-stdin"], input: password + "\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.contains("Created editor account ada@example.com."))

        // Standard input that is not a terminal is read without the flag too.
        let piped = try await Self.marquee(["users", "create", "--database", database, "--email", "grace@example.com",
                                            "--role", "viewer"], input: password + "\n")
        #expect(piped.status == 0, "\(piped.output)")

        for (arguments, message) in [
            (["--email", "ada@example.com", "--role", "admin"], "exists already"),
            (["--email", "not-an-email", "--role", "admin"], "is not an email address"),
            (["--email", "new@example.com", "--role", "owner"], "is not a role"),
        ] {
            let refused = try await Self.marquee(["users", "create", "--database", database] + arguments, input: password + "\n")
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.output.contains(message), "\(refused.output)")
        }
        let short = try await Self.marquee(["users", "create", "--database", database, "--email", "new@example.com", "--role", "admin"],
                                           input: "too short\n")
        #expect(short.status != 0)
        #expect(short.output.contains("at least 12 characters"), "\(short.output)")

        let list = try await Self.marquee(["users", "list", "--database", database])
        #expect(list.status == 0)
        #expect(list.output.contains("editor   ada@example.com"), "\(list.output)")
        #expect(list.output.contains("viewer   grace@example.com"), "\(list.output)")
        #expect(!list.output.contains("new@example.com"), "refused accounts were not created")

        let reset = try await Self.marquee(["users", "set-password", "--database", database, "--email", "grace@example.com"],
                                           input: "another long secret\n")
        #expect(reset.status == 0, "\(reset.output)")
        #expect(reset.output.contains("Set a new password for grace@example.com"))
        let nobody = try await Self.marquee(["users", "set-password", "--database", database, "--email", "nobody@example.com"],
                                            input: "another long secret\n")
        #expect(nobody.status != 0)
        #expect(nobody.output.contains("no account has the email nobody@example.com"), "\(nobody.output)")

        try await LiveServer.with(storage: .sqliteFile(database)) { server in
            var request = URLRequest(url: server.baseURL.appendingPathComponent("api/v1/session/sign-in"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: ["email": "ada@example.com", "password": password])
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
            let session = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(session?["role"] as? String == "editor")

            request.httpBody = try JSONSerialization.data(withJSONObject: ["email": "grace@example.com", "password": "another long secret"])
            let (_, reset) = try await URLSession.shared.data(for: request)
            #expect((reset as? HTTPURLResponse)?.statusCode == 200, "the new password signs in")
        }
    }
}
