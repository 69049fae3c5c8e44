import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// Over a real socket, the config endpoint believes `X-Forwarded-Host` and `X-Forwarded-Proto`
/// only from a configured proxy.
@MainActor
@Suite struct ForwardedHeadersTests {
    /// The ping endpoint the config answers with, asked with forwarded headers naming `proxy.example`.
    static func pingEndpoint(from server: LiveServer, subscriptionID: String) async throws -> String? {
        var request = URLRequest(url: server.configurationURL)
        request.setValue(subscriptionID, forHTTPHeaderField: ProtocolHeader.subscriptionID)
        request.setValue("proxy.example", forHTTPHeaderField: "X-Forwarded-Host")
        request.setValue("https", forHTTPHeaderField: "X-Forwarded-Proto")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Cache-Control") == "private, no-store")
        return try MarqueeJSON.decoder().decode(ConfigResponse.self, from: data).data.endpoints?.ping
    }

    @Test func aTrustedProxyNamesTheHostDevicesReach() async throws {
        try await LiveServer.with(trustedProxies: try TrustedProxies(parsing: "127.0.0.0/8")) { server in
            let app = try await server.createApp(subscriptionID: "behind-proxy")
            #expect(try await Self.pingEndpoint(from: server, subscriptionID: app.subscriptionID) == "https://proxy.example/v1/ping")
        }
    }

    @Test func anyoneElsesForwardedHeadersAreIgnored() async throws {
        try await LiveServer.with(trustedProxies: try TrustedProxies(parsing: "10.0.0.0/8")) { server in
            let app = try await server.createApp(subscriptionID: "no-proxy")
            let endpoint = try await Self.pingEndpoint(from: server, subscriptionID: app.subscriptionID)
            #expect(endpoint == server.baseURL.absoluteString + "/v1/ping")
        }
    }
}
