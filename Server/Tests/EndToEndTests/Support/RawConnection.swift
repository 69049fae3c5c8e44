import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MarqueeServer

/// A plain TCP client for what URLSession will not do: send half a request, a malformed one, or
/// several at once, and read exactly what the server answers.
struct RawConnection {
    /// What the server sent back, and whether it closed the connection.
    struct Exchange {
        var response: String
        var closedByServer: Bool

        /// The status code of the first response.
        var status: Int? {
            let line = response.prefix { $0 != "\r" }
            let parts = line.split(separator: " ")
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
        }

        /// Status codes of every response, in order.
        var statuses: [Int] {
            // A status line follows the previous body directly, not always at the start of a line.
            response.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
        }
    }

    private let fd: Int32

    /// Connects to 127.0.0.1:`port` from `source` (any loopback address: every 127.x.y.z is this
    /// machine, so one test can be several clients); reads give up after `giveUpAfterSeconds`
    /// without a byte.
    init(port: Int, from source: String = "127.0.0.1", giveUpAfterSeconds: Int = 30) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            Glibc.close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var timeout = timeval(tv_sec: giveUpAfterSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `text`, stopping early if the server stops taking it.
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that refuses mid-request and closes must not kill the test process.
            let count = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Reads one response, its head and its `Content-Length` body, and leaves the connection open.
    func readResponse() -> Exchange {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let length = text[..<headEnd.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.distance(from: text.utf8.startIndex, to: headEnd.upperBound) + length <= received.count {
                    return Exchange(response: text, closedByServer: false)
                }
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return Exchange(response: text, closedByServer: count == 0 || errno == ECONNRESET) }
            received += buffer[0..<count]
        }
    }

    func close() {
        Glibc.close(fd)
    }

    /// Whether the server closes the connection, sending nothing, within `wait`. Reads nothing
    /// the server sends otherwise.
    func isClosedByServer(within wait: Duration) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let millis = Int32(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, millis) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Reads until what arrived contains `marker`, the server closes the connection or the read
    /// timeout passes without a byte; leaves the connection open.
    func read(until marker: String) -> Exchange {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if text.contains(marker) { return Exchange(response: text, closedByServer: false) }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return Exchange(response: text, closedByServer: count == 0 || errno == ECONNRESET) }
            received += buffer[0..<count]
        }
    }

    /// Reads until the server closes the connection or the read timeout passes, then closes.
    func finish() -> Exchange {
        defer { Glibc.close(fd) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            let closed = count == 0 || errno == ECONNRESET
            return Exchange(response: String(decoding: received, as: UTF8.self), closedByServer: closed)
        }
    }

    /// Sends `text` to 127.0.0.1:`port`, then reads until the server closes the connection or
    /// `giveUpAfterSeconds` pass without a byte.
    static func exchange(_ text: String, port: Int, from source: String = "127.0.0.1",
                         giveUpAfterSeconds: Int = 30) throws -> Exchange {
        let connection = try RawConnection(port: port, from: source, giveUpAfterSeconds: giveUpAfterSeconds)
        connection.send(text)
        return connection.finish()
    }

    /// Runs blocking socket work on a thread of its own. On the cooperative pool (two threads on a
    /// two-core machine) a few blocked reads would starve the server under test, which answers
    /// requests on that pool, until the reads time out.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Sends `text` and waits until the server closes the connection (true) or
    /// `giveUpAfterSeconds` pass without a byte (false).
    static func sendThenAwaitClose(_ text: String, port: Int, giveUpAfterSeconds: Int) throws -> Bool {
        try exchange(text, port: port, giveUpAfterSeconds: giveUpAfterSeconds).closedByServer
    }
}

extension ConnectionLimits {
    /// One-second deadlines for a head and a body, so tests of stalled clients finish quickly. The
    /// idle bound stays long: a test client slow to send its first byte on a busy machine would
    /// otherwise be closed as idle before its head is timed.
    static var quick: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerTimeoutSeconds = 1
        limits.bodyTimeoutSeconds = 1
        return limits
    }
}
