import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The nginx configuration in `deploy/nginx.conf`, run by Debian's nginx in front of a live
/// server: SDK devices reach Marquee through it, and nginx answers every read of a campaign list
/// after the first from its cache.
@MainActor
@Suite struct CampaignListCacheTests {

    /// Debian's nginx on a free port with `deploy/nginx.conf` as it ships, TLS aside: the port it
    /// listens on, the upstream and the cache directory are this test's.
    final class Proxy {
        let port: Int
        let directory: URL
        private let process = Process()

        init(upstream: Int) async throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            port = try ServerProcess.freePort()
            let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../deploy/nginx.conf").standardized
            let site = try String(contentsOf: shipped, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("ssl_certificate") }
                .joined(separator: "\n")
                .replacingOccurrences(of: "listen 443 ssl;", with: "listen 127.0.0.1:\(port);")
                .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(upstream)")
                .replacingOccurrences(of: "/var/cache/nginx/marquee", with: directory.appendingPathComponent("cache").path)
            let path = directory.path
            let configuration = """
                worker_processes 1;
                pid \(path)/nginx.pid;
                error_log \(path)/error.log;
                events { worker_connections 256; }
                http {
                    log_format lists '$request_uri $upstream_cache_status';
                    access_log \(path)/access.log lists;
                    client_body_temp_path \(path)/body; proxy_temp_path \(path)/proxy;
                    fastcgi_temp_path \(path)/fastcgi; uwsgi_temp_path \(path)/uwsgi; scgi_temp_path \(path)/scgi;
                \(site)
                }
                """
            try configuration.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            process.executableURL = try ExternalTool.nginx.require()
            process.arguments = ["-p", path, "-c", directory.appendingPathComponent("nginx.conf").path, "-g", "daemon off;"]
            try process.run()
            let deadline = ContinuousClock.now + .seconds(20)
            while (try? RawConnection(port: port)) == nil {
                guard ContinuousClock.now < deadline, process.isRunning else {
                    throw TestServerError("nginx did not start: \((try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

        /// Each request for a campaign list, and whether nginx's cache answered it.
        func listReads() throws -> [(path: String, cache: String)] {
            try String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)
                .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
                .filter { $0.first?.hasPrefix("/v1/catalog/") == true }
                .map { ($0[0], $0.count > 1 ? $0[1] : "") }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test(.enabled(if: ExternalTool.nginx.isEnabled, "needs nginx (Debian package nginx)"))
    func nginxServesEveryListReadAfterTheFirst() async throws {
        try await LiveServer.with { server in
            let proxy = try await Proxy(upstream: Int(server.baseURL.port!))
            defer { proxy.stop() }
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(CampaignDraft.make("Spring sale"), in: app)
            let configuration = proxy.baseURL.appendingPathComponent("v1/config")

            var devices: [TestDevice] = []
            defer { devices.forEach { $0.removeStorage() } }
            for user in ["ada", "bob", "cy"] {
                let device = TestDevice()
                devices.append(device)
                await device.start(with: configuration, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await device.sdk.state().campaigns.map(\.id) == [campaign.id], "\(user) holds the list read through nginx")
                #expect(device.errors.errors.isEmpty, "\(device.errors.errors)")
            }
            let reads = try proxy.listReads()
            #expect(reads.count == 3 && Set(reads.map(\.path)).count == 1, "every user was sent the same list: \(reads)")
            #expect(reads.map(\.cache) == ["MISS", "HIT", "HIT"], "nginx asked Marquee once: \(reads)")

            // A client that does not accept gzip is sent the list unzipped, from the same copy.
            let path = try #require(reads.first?.path)
            var request = URLRequest(url: URL(string: proxy.baseURL.absoluteString + path)!)
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200 && http.value(forHTTPHeaderField: "X-Cache-Status") == "HIT")
            #expect(http.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=31536000, immutable")
            let content = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((content["data"] as? [Any])?.count == 1)
        }
    }
}
