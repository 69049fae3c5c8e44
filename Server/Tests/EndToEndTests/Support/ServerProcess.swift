import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `marquee serve` as its own process, as production runs it; its output goes to a file.
final class ServerProcess: @unchecked Sendable {
    // Used from one test at a time; Process is not Sendable.
    let port: Int
    let log: URL
    private let process = Process()

    /// Starts `marquee serve` with `arguments` on a free port, and waits until it is ready.
    init(_ arguments: [String], in directory: URL) async throws {
        port = try Self.freePort()
        log = directory.appendingPathComponent("server-\(port).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = try SimulatorCLITests.marqueeExecutable()
        process.arguments = ["serve", "--port", "\(port)"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter {
            !["DATABASE_URL", "MARQUEE_DATABASE", "MARQUEE_ADMIN_TOKEN", "MARQUEE_DATA_DIR"].contains($0.key)
        }
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        for _ in 0..<600 {
            if (try? RawConnection.exchange("GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port,
                                            giveUpAfterSeconds: 5).status) == 200 { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw TestServerError("the server did not become ready:\n\(self.output())")
    }

    func output() -> String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// Sends SIGTERM, as an orchestrator or systemd stops a service.
    func terminate() {
        Glibc.kill(process.processIdentifier, SIGTERM)
    }

    /// Sends SIGKILL, as a crash or an out-of-memory kill would: nothing is written on the way out.
    func killAbruptly() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// An admin request with `token`: the status and the JSON answered (nil when none).
    func admin(_ method: String, _ path: String, _ body: String = "", token: String) throws -> (status: Int?, json: Any?) {
        let exchange = try RawConnection.exchange(
            "\(method) \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", port: port)
        let text = exchange.response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (exchange.status, try? JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    /// The admin token a server generated in `dataDirectory`.
    static func adminToken(in dataDirectory: URL) throws -> String {
        try String(contentsOf: dataDirectory.appendingPathComponent("admin-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The exit status once the process ended, or `nil` if it still runs after `seconds`.
    func exitStatus(within seconds: Int) async throws -> Int32? {
        for _ in 0..<(seconds * 10) where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// A TCP port nothing listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
