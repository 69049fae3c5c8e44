import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
import MarqueeServer
import MarqueeTestSupport
import MarqueeWire

extension LiveServer {
    /// Starts a server, runs `body` with it and stops it afterwards, also when `body` throws
    /// (a Vapor application must be shut down before it is released).
    @MainActor
    static func with<Result>(storage: ServerConfiguration.Storage = .sqliteMemory, trustedProxies: TrustedProxies = .none,
                             adminLane: AdminLaneLimits? = nil, allowsPrivateWebhookURLs: Bool = false,
                             _ body: @MainActor (LiveServer) async throws -> Result) async throws -> Result {
        await TestSlots.liveServers.acquire()
        let server: LiveServer
        do {
            server = try await LiveServer.start(storage: storage, trustedProxies: trustedProxies, adminLane: adminLane,
                                                allowsPrivateWebhookURLs: allowsPrivateWebhookURLs)
        } catch {
            await TestSlots.liveServers.release()
            throw error
        }
        do {
            let result = try await body(server)
            await server.stop()
            await TestSlots.liveServers.release()
            return result
        } catch {
            await server.stop()
            await TestSlots.liveServers.release()
            throw error
        }
    }

    /// Sends a ping as a plain RInAppMessaging client would (no Marquee capabilities) and returns
    /// the campaign ids it receives.
    func basePing(subscriptionID: String, userID: String? = nil, locale: String? = nil) async throws -> [String] {
        try await basePingCampaigns(subscriptionID: subscriptionID, userID: userID, locale: locale).map(\.id)
    }

    /// The campaigns a plain RInAppMessaging ping (no capabilities) is sent, as the model reads them;
    /// `locale` is added as a Marquee-aware RInAppMessaging build would send it.
    func basePingCampaigns(subscriptionID: String, userID: String? = nil, locale: String? = nil) async throws -> [Campaign] {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/ping"))
        request.httpMethod = "POST"
        request.setValue(subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("rakuten-device", forHTTPHeaderField: "device_id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let identifiers = userID.map { #"[{"id":"\#($0)","type":3}]"# } ?? "[]"
        let localeKey = locale.map { #","locale":"\#($0)""# } ?? ""
        request.httpBody = Data(#"{"userIdentifiers":\#(identifiers),"appVersion":"2.1.0","supportedCampaignTypes":[1]\#(localeKey)}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw TestServerError("ping answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        do {
            return try MarqueeJSON.decoder().decode(LenientPingResponse.self, from: data).campaigns
        } catch {
            throw TestServerError("unreadable ping response: \(String(decoding: data, as: UTF8.self))")
        }
    }
}
