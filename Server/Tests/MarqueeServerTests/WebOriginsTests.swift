import Foundation
@testable import MarqueeServer
import Testing

/// An app's web origins: each is an origin exactly as browsers send it, checked when saved
/// (422 naming the entry and why), stored and served with the app's other settings, and bounded
/// by limits the dashboard reads from the model.
@Suite("Admin API: an app's web origins")
struct WebOriginsTests {
    @Test(arguments: [
        "https://shop.example.com", "http://localhost:8080", "https://127.0.0.1:8443", "http://[::1]:3000",
        "https://xn--bcher-kva.example",
    ])
    func anOriginAsBrowsersSendItIsAccepted(_ origin: String) {
        #expect(WebOrigins.problem(with: origin) == nil)
    }

    @Test(arguments: [
        ("shop.example.com", "https://"), ("ftp://shop.example.com", "https://"), ("https://shop.example.com/", "no path"),
        ("https://shop.example.com/cart", "no path"), ("https://shop.example.com?x=1", "no path"),
        ("https://shop.example.com#top", "no path"), ("https://ada:pw@shop.example.com", "user"),
        ("https://Shop.example.com", "lower-case"), ("https://*.example.com", "wildcard"), ("https://bücher.example", "xn--"),
        ("https://shop.example.com:0", "port"), ("https://shop.example.com:65536", "port"), ("https://shop.example.com:08", "port"),
        ("https://shop.example.com:443", "default port"), ("http://shop.example.com:80", "default port"),
        ("https://shop..example.com", "host"), ("https://-shop.example.com", "host"), ("https://", "host"), ("null", "https://"),
        ("", "1 to 200"),
    ])
    func anythingElseIsRefusedSayingWhy(_ origin: String, _ reason: String) throws {
        let problem = try #require(WebOrigins.problem(with: origin), "\(origin) is refused")
        #expect(problem.contains(reason), "\(origin): \(problem)")
    }

    @Test func theListIsBoundedAndHasNoDuplicates() {
        let many = (1...21).map { "https://shop\($0).example.com" }
        #expect(WebOrigins.issues(many).map(\.field) == ["webOrigins"])
        #expect(WebOrigins.issues(Array(many.prefix(20))).isEmpty)
        #expect(WebOrigins.issues(["https://a.example", "https://b.example", "https://a.example"]).map(\.field) == ["webOrigins[2]"])
        let long = "https://" + String(repeating: "a", count: 60) + "." + String(repeating: "b", count: 60) + "."
            + String(repeating: "c", count: 60) + ".example"
        #expect(long.count > 190 && long.count <= 200 && WebOrigins.problem(with: long) == nil)
        #expect(WebOrigins.problem(with: long + String(repeating: "d", count: 10)) != nil, "over 200 characters")
    }

    @Test(arguments: TestDatabase.available)
    func originsAreSavedServedAndRefusedWithTheEntryNamed(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let path = "/api/v1/apps/\(app.id)"
            #expect(try await server.send(.GET, path).json["webOrigins"] as? [String] == [], "an app allows no origin at first")

            let saved = try await server.send(.PATCH, path, raw: #"{"webOrigins": ["https://shop.example.com", "http://localhost:8080"]}"#)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(try await server.send(.GET, path).json["webOrigins"] as? [String] == ["https://shop.example.com", "http://localhost:8080"])

            let refused = try await server.send(.PATCH, path, raw: #"{"webOrigins": ["https://ok.example", "https://Shop.example.com/"]}"#)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorFields == ["webOrigins[1]"])
            #expect(refused.text.contains("https://Shop.example.com/") && refused.text.contains("no path"), "\(refused.text)")
            #expect(try await server.send(.GET, path).json["webOrigins"] as? [String] == ["https://shop.example.com", "http://localhost:8080"],
                    "a refused change changes nothing")

            let created = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "Web", "webOrigins": ["https://web.example"]}"#)
            #expect(created.status == .created)
            #expect(created.json["webOrigins"] as? [String] == ["https://web.example"])
        }
    }

    @Test func theDashboardReadsTheLimitsFromTheModel() throws {
        let limits = DashboardModelResource.current.limits
        #expect(limits["webOrigins"]?.max == Double(WebOrigins.maxCount))
        #expect(limits["webOriginLength"]?.max == Double(WebOrigins.maxLength))
        let web = DashboardModelCopyTests.web.appendingPathComponent("settings.js")
        let script = try String(contentsOf: web, encoding: .utf8)
        #expect(script.contains("model.limits.webOrigins") && script.contains("webOrigins"), "the settings form edits them, bounded by the model")
        #expect(!script.contains("20 origins") && !script.contains("200 characters"), "no hand copy of the limits")
    }
}
