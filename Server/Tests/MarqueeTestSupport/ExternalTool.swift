import Foundation

/// A program from a Debian package that some tests run beside Marquee: a QR code reader, a web
/// server, an HTTP client. Like the browser tests (``HeadlessChromium``), a test that needs one is
/// enabled by ``isEnabled``: skipped with its reason on a machine without the program, and run on
/// CI (`CI` set), where `.ci/run` installs every one and a missing program must fail, not hide.
public struct ExternalTool: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notFound(ExternalTool)

        public var description: String {
            switch self {
            case .notFound(let tool): "\(tool.name) is not installed: \(tool.installHint)"
            }
        }
    }

    /// The executable's name.
    public let name: String
    /// The Debian package that installs it.
    public let package: String

    /// Reads QR codes from images: the pairing codes are checked by an independent reader.
    public static let zbarimg = ExternalTool(name: "zbarimg", package: "zbar-tools")
    /// Serves `deploy/nginx.conf` in front of a live server.
    public static let nginx = ExternalTool(name: "nginx", package: "nginx")
    /// Reads the live channel as an operator first does.
    public static let curl = ExternalTool(name: "curl", package: "curl")

    /// `apt-get install <package>`, for the messages.
    public var installHint: String { "install it with apt-get install -y \(package)" }

    /// The executable on `PATH` (or in `/usr/sbin`, where Debian puts servers), if any.
    public var location: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"]
        return directories.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether tests that need it should run: it is installed, or CI requires it (and they fail).
    public var isEnabled: Bool { location != nil || HeadlessChromium.isRequired }

    /// The executable; throws ``Failure/notFound(_:)`` when it is not installed.
    public func require() throws -> URL {
        guard let location else { throw Failure.notFound(self) }
        return location
    }
}
