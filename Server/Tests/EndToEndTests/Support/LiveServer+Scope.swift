import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeServer

extension LiveServer {
    /// Starts a server, runs `body` with it and stops it afterwards, also when `body` throws
    /// (a Vapor application must be shut down before it is released).
    @MainActor
    static func with<Result>(storage: ServerConfiguration.Storage = .sqliteMemory, trustedProxies: TrustedProxies = .none,
                             _ body: @MainActor (LiveServer) async throws -> Result) async throws -> Result {
        let server = try await LiveServer.start(storage: storage, trustedProxies: trustedProxies)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Sends a ping as a plain RInAppMessaging client would (no Marquee capabilities) and returns
    /// the campaign ids it receives.
    func basePing(subscriptionID: String, userID: String? = nil) async throws -> [String] {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/ping"))
        request.httpMethod = "POST"
        request.setValue(subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("rakuten-device", forHTTPHeaderField: "device_id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let identifiers = userID.map { #"[{"id":"\#($0)","type":3}]"# } ?? "[]"
        request.httpBody = Data(#"{"userIdentifiers":\#(identifiers),"appVersion":"2.1.0","supportedCampaignTypes":[1]}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw TestServerError("ping answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let campaigns = json["data"] as? [[String: Any]] else {
            throw TestServerError("unreadable ping response: \(String(decoding: data, as: UTF8.self))")
        }
        return campaigns.compactMap { ($0["campaignData"] as? [String: Any])?["campaignId"] as? String }
    }
}
