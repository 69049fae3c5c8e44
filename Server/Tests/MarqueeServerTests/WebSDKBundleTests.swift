import CompressNIO
import Foundation
import MarqueeModel
@testable import MarqueeServer
import NIOCore
import Testing
import Vapor
import VaporTesting

/// The web SDK's built files are served first-party from the binary, under this release's
/// version: byte for byte, cached for a year, loadable by pages on any origin, gzipped when asked.
@Suite("Web SDK bundle")
struct WebSDKBundleTests {
    static let folder = EmbeddedResourcesTests.sources.appendingPathComponent("SDK/WebBundle")
    static let version = MarqueeVersion.current

    /// The folder's files that are served: all but its README.
    static func servedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }

    static func checkHeaders(_ headers: HTTPHeaders, contentType: String) {
        #expect(headers.first(name: .contentType) == contentType)
        #expect(headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
        #expect(headers.first(name: .eTag)?.hasPrefix("\"") == true)
        #expect(headers.first(name: "Access-Control-Allow-Origin") == "*")
        #expect(headers.first(name: "Cross-Origin-Resource-Policy") == "cross-origin")
        #expect(headers.first(name: "X-Content-Type-Options") == "nosniff")
        #expect(headers[.vary].contains("Accept-Encoding"))
    }

    static func gunzip(_ data: Data) throws -> Data {
        var buffer = ByteBuffer(data: data)
        return Data(buffer: try buffer.decompress(with: .gzip()))
    }

    @Test func everyFileOfTheFolderButItsREADMEIsEmbedded() throws {
        let names = try Self.servedNames()
        #expect(Set(WebSDKBundle.files.keys) == Set(names))
        #expect(WebSDKBundle.files["README.md"] == nil)
        for name in names {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(WebSDKBundle.files[name].map { Data(buffer: $0.bytes) } == bytes, "\(name) is embedded byte for byte")
        }
    }

    @Test func everyFileIsServedByteForByteWithItsHeaders() async throws {
        try await TestServer.with { server in
            for name in try Self.servedNames() {
                let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
                let path = "/sdk/web/\(Self.version)/\(name)"
                let plain = try await server.send(.GET, path, token: nil)
                #expect(plain.status == .ok, "\(name)")
                #expect(plain.body == bytes, "\(name) is served byte for byte")
                Self.checkHeaders(plain.headers, contentType: WebSDKFile.contentType(of: name))
                let gzipped = try await server.send(.GET, path, token: nil, headers: [("Accept-Encoding", "gzip")])
                #expect(gzipped.headers.first(name: .contentEncoding) == "gzip")
                #expect(try Self.gunzip(gzipped.body) == bytes)
            }
        }
    }

    @Test func theScriptsAndTypesHaveTheirContentTypes() {
        #expect(WebSDKFile.contentType(of: "marquee.js") == "text/javascript; charset=utf-8")
        #expect(WebSDKFile.contentType(of: "marquee.mjs") == "text/javascript; charset=utf-8")
        #expect(WebSDKFile.contentType(of: "marquee.d.ts") == "text/plain; charset=utf-8")
    }

    /// The route's answers, with a file of a test's own (the bundle may not be built yet).
    @Test func aFileIsServedWithItsHeadersGzippedWhenAskedAndNotModifiedByItsTag() async throws {
        let script = Data("window.Marquee = { version: \"\(Self.version)\" };\n".utf8) + Data(repeating: 0x20, count: 2000)
        let controller = WebSDKController(files: ["marquee.js": WebSDKFile(name: "marquee.js", bytes: script)])
        let app = try await Application.make(.testing)
        do {
            app.middleware.use(APIErrorMiddleware())
            app.get("sdk", "web", ":version", ":file", use: controller.file)
            let path = "/sdk/web/\(Self.version)/marquee.js"
            var tag: String?
            try await app.testing().test(.GET, path) { response in
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == script)
                #expect(response.headers.first(name: .contentEncoding) == nil)
                Self.checkHeaders(response.headers, contentType: "text/javascript; charset=utf-8")
                tag = response.headers.first(name: .eTag)
            }
            try await app.testing().test(.GET, path, headers: ["Accept-Encoding": "gzip, deflate"]) { response in
                #expect(response.headers.first(name: .contentEncoding) == "gzip")
                #expect(response.body.readableBytes < script.count)
                #expect((try? Self.gunzip(Data(buffer: response.body))) == script)
                #expect(response.headers.first(name: .eTag) != tag, "each encoding has its own tag")
            }
            try await app.testing().test(.GET, path, headers: ["If-None-Match": tag ?? "none"]) { response in
                #expect(response.status == .notModified)
            }
            try await app.testing().test(.GET, "/sdk/web/0.0.1/marquee.js") { response in
                #expect(response.status == .notFound)
            }
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    @Test func anotherVersionOrFileIsNotFound() async throws {
        try await TestServer.with { server in
            let name = try Self.servedNames().first ?? "marquee.js"
            for path in ["/sdk/web/0.9.0/\(name)", "/sdk/web/\(Self.version)/README.md", "/sdk/web/\(Self.version)/nothing.js",
                         "/sdk/web/latest/\(name)"] {
                let response = try await server.send(.GET, path, token: nil)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.errorCode == "not_found")
            }
        }
    }
}
