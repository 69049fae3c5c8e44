import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// A provider must spell out every identifier the SDK reads, so one written the RInAppMessaging way
/// (`getUserId()`, …) is a compile error instead of a silently anonymous user.
@Suite struct UserInfoProviderTests {
    /// A provider ported from RInAppMessaging without renaming its methods.
    static let rakutenStyleProvider = """
    import Marquee
    struct CurrentUser: UserInfoProvider {
        func getUserId() -> String? { "u1" }
        func getIDTrackingIdentifier() -> String? { nil }
        func getAccessToken() -> String? { "token" }
    }
    """

    /// The same provider with Marquee's names.
    static let marqueeStyleProvider = """
    import Marquee
    struct CurrentUser: UserInfoProvider {
        var userID: String? { "u1" }
        var idTrackingIdentifier: String? { nil }
        var accessToken: String? { "token" }
    }
    """

    /// A provider that sets only the user ID still has to say it has no token.
    static let userIDOnlyProvider = """
    import Marquee
    struct CurrentUser: UserInfoProvider {
        var userID: String? { "u1" }
    }
    """

    @Test(.enabled(if: TypeChecker.available, "needs swiftc and the built Marquee module"))
    func aProviderWithRInAppMessagingMethodNamesDoesNotCompile() async throws {
        let checker = try #require(TypeChecker())

        let rakuten = try await checker.check(Self.rakutenStyleProvider)
        let marquee = try await checker.check(Self.marqueeStyleProvider)
        let userIDOnly = try await checker.check(Self.userIDOnlyProvider)

        #expect(marquee.succeeded, "the control compiles: \(marquee.output)")
        #expect(!rakuten.succeeded)
        #expect(rakuten.output.contains("UserInfoProvider"), "\(rakuten.output)")
        #expect(!userIDOnly.succeeded)
    }

    @Test func everyIdentifierReachesTheServer() async throws {
        let harness = Harness()
        struct Tracked: UserInfoProvider {
            var userID: String? { nil }
            var idTrackingIdentifier: String? { "tracking-1" }
            var accessToken: String? { nil }
        }
        harness.sdk.registerPreference(Tracked())

        await harness.start()

        let ping = try #require(harness.server.requests(to: "ping").first?.body)
        let body = try JSONDecoder().decode(PingRequest.self, from: ping)
        #expect(body.userIdentifiers == [UserIdentifierDTO(id: "tracking-1", type: .idTrackingIdentifier)])
    }
}

/// Type-checks a Swift snippet against the Marquee module this test bundle was built with.
struct TypeChecker {
    struct Result {
        var succeeded: Bool
        var output: String
    }

    let swiftc: URL
    let modules: URL

    /// `nil` when swiftc or the built module cannot be found (a build layout other than SwiftPM's).
    init?() {
        guard let swiftc = Self.findSwiftc(), let modules = Self.findModules() else { return nil }
        self.swiftc = swiftc
        self.modules = modules
    }

    static var available: Bool { TypeChecker() != nil }

    /// Runs the compiler on a thread of its own: waiting for it on the cooperative pool (two
    /// threads on a two-core machine) would stall every other test's work for seconds.
    func check(_ source: String) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try checkBlocking(source) }) }.start()
        }
    }

    private func checkBlocking(_ source: String) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-typecheck-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try Data(source.utf8).write(to: file)
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(succeeded: process.terminationStatus == 0, output: output)
    }

    /// The directory holding `Marquee.swiftmodule`, next to the test bundle.
    private static func findModules() -> URL? {
        var candidates: [URL] = []
        for path in [Bundle.main.executablePath, CommandLine.arguments.first].compactMap({ $0 }) {
            var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates += [directory.appendingPathComponent("Modules"), directory]
                directory.deleteLastPathComponent()
            }
        }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Marquee.swiftmodule").path)
        }
    }

    private static func findSwiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// The SDK leaves out a user ID the server would refuse, by the server's rule: bytes of UTF-8.
@Suite struct UserIDLimitTests {
    struct Provider: UserInfoProvider {
        var userID: String?
        var idTrackingIdentifier: String? { nil }
        var accessToken: String? { nil }
    }

    @Test func aUserIDIsLimitedInBytes() {
        let fits = UserInfo(reading: Provider(userID: String(repeating: "\u{1F600}", count: IdentifierLimits.userID / 4)))
        #expect(fits.identity.userID != nil)
        #expect(fits.problem == nil)
        let long = UserInfo(reading: Provider(userID: String(repeating: "\u{1F600}", count: IdentifierLimits.userID / 4 + 1)))
        #expect(long.identity == .anonymous)
        #expect(long.problem == "the user ID is longer than \(IdentifierLimits.userID) bytes of UTF-8")
    }
}
