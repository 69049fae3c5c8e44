import Foundation
import Testing

@Suite("Dashboard files")
struct DashboardRouteTests {
    @Test(arguments: TestDatabase.available)
    func pageAndAssetsAreServedWithAStrictPolicy(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let page = try await server.send(.GET, "/dashboard", token: nil)
            #expect(page.status == .ok)
            #expect(page.headers.contentType?.subType == "html")
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("script-src 'self';"), "only the dashboard's own file runs")
            #expect(!policy.contains("unsafe-inline"))
            #expect(page.text.contains("/dashboard/dashboard.js"))
            #expect(!page.text.contains("<script>"), "no inline script: the policy would block it")

            let script = try await server.send(.GET, "/dashboard/dashboard.js", token: nil)
            #expect(script.status == .ok)
            #expect(script.headers.contentType?.subType == "javascript")
            #expect(script.text.contains(#"from "./campaign-preview.js""#), "the scripts are modules")
            #expect(try await server.send(.GET, "/dashboard/campaign-preview.js", token: nil).text.contains("/api/v1/preview"))
            #expect(try await server.send(.GET, "/dashboard/dashboard.css", token: nil).status == .ok)

            let unknown = try await server.send(.GET, "/dashboard/openapi.yaml", token: nil)
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "not_found")
            #expect(try await server.send(.GET, "/dashboard/index.html", token: nil).status == .notFound)
        }
    }

    @Test func everyFileOfTheDashboardIsServedAndNoScriptWritesHTML() async throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MarqueeServer/Dashboard/Web")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "index.html" }
        #expect(files.count >= 10)
        try await TestServer.with { server in
            for file in files {
                let response = try await server.send(.GET, "/dashboard/\(file)", token: nil)
                #expect(response.status == .ok, "\(file) is served from the binary (run scripts/embed-resources after adding it)")
                if file.hasSuffix(".js") {
                    #expect(!response.text.contains("innerHTML"), "\(file): text from the server reaches the page only as text")
                }
            }
        }
    }

    @Test func thePreviewFrameIsAPageWithItsOwnSandboxedPolicy() async throws {
        try await TestServer.with { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            let message = #"{"kind": "slideUp", "title": "Free shipping", "body": "Today only"}"#
            var form = URLComponents()
            form.queryItems = [URLQueryItem(name: "csrf", value: session.csrf),
                               URLQueryItem(name: "message", value: message), URLQueryItem(name: "theme", value: "dark")]
            let body = try #require(form.percentEncodedQuery)
            let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "marquee_session=\(session.cookie)")]
            let frame = try await server.send(.POST, "/api/v1/preview/frame", token: nil, headers: headers, rawBody: body)
            #expect(frame.status == .ok, "\(frame.text)")
            #expect(frame.headers.contentType?.subType == "html")
            #expect(frame.headers.first(name: "Content-Security-Policy") == "sandbox allow-scripts; frame-ancestors 'self'")
            #expect(frame.text.contains("Free shipping"))

            var wrong = form
            wrong.queryItems?[0].value = "not-the-token"
            let refused = try await server.send(.POST, "/api/v1/preview/frame", token: nil, headers: headers,
                                                rawBody: try #require(wrong.percentEncodedQuery))
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "csrf_token_invalid")
        }
    }

    @Test func theInboxPreviewFrameRunsNoScriptAndShowsBothViews() async throws {
        try await TestServer.with { server in
            try await server.createAccount("ada@example.com", role: "viewer")
            let session = try await server.signIn("ada@example.com")
            let content = #"""
                {"title": "Your <b>order</b> shipped", "body": "<script>alert(1)</script>It arrives Friday",
                 "imageURL": "https://cdn.example.com/parcel.png",
                 "buttons": [{"title": "Track", "action": {"type": "browser", "url": "https://example.com/track"}},
                             {"title": "Later", "action": {"type": "openApp"}}]}
                """#
            let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "marquee_session=\(session.cookie)")]
            func frame(_ fields: [String: String]) async throws -> TestResponse {
                var form = URLComponents()
                form.queryItems = fields.map { URLQueryItem(name: $0.key, value: $0.value) }
                return try await server.send(.POST, "/api/v1/preview/inbox/frame", token: nil, headers: headers,
                                             rawBody: try #require(form.percentEncodedQuery))
            }

            let list = try await frame(["csrf": session.csrf, "message": content])
            #expect(list.status == .ok, "\(list.text)")
            #expect(list.headers.first(name: "Content-Security-Policy") == "sandbox; frame-ancestors 'self'")
            #expect(list.text.contains("Your &lt;b&gt;order&lt;/b&gt; shipped"), "text is escaped")
            #expect(!list.text.contains("<script>"), "markup in the body never becomes a script")
            #expect(list.text.contains(#"class="item unread""#), "shown as a new, unread message")

            let detail = try await frame(["csrf": session.csrf, "message": content, "view": "detail", "theme": "dark",
                                          "direction": "rightToLeft"])
            #expect(detail.status == .ok)
            #expect(detail.text.contains(#"href="https://example.com/track""#), "a browser action is a button")
            #expect(!detail.text.contains("Later"), "open-app actions have no button")
            #expect(detail.text.contains(#"dir="rtl""#) && detail.text.contains(#"data-theme="dark""#))

            let badView = try await frame(["csrf": session.csrf, "message": content, "view": "grid"])
            #expect(badView.status == .badRequest)
            #expect(badView.text.contains("view must be one of list, detail"))
            let untitled = try await frame(["csrf": session.csrf, "message": #"{"title": " "}"#])
            #expect(untitled.status == .unprocessableEntity)
            #expect(untitled.text.contains("message.title"))
            let forged = try await frame(["csrf": "forged", "message": content])
            #expect(forged.errorCode == "csrf_token_invalid")
        }
    }
}
