import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire

/// Builders for the values tests create through the admin API.
enum Fixtures {
    struct NewApp: Encodable {
        var name = "Test App"
        var subscriptionID: String?
        var rolloutPercentage: Int?
        var pingIntervalSeconds: Int?
        var testUserIDs: [String]?
        var testDeviceIDs: [String]?
        var frequencyCaps: [FrequencyCap]?
    }

    struct CreatedApp: Decodable {
        var id: UUID
        var name: String
        var subscriptionID: String
        var rolloutPercentage: Int
        var pingIntervalSeconds: Int
        var secret: String?
    }

    static func modal(_ name: String = "Spring sale", trigger: Trigger = Trigger(.appStart),
                      status: CampaignStatus = .active) -> Campaign {
        Campaign(id: "", name: name, status: status, message: Message(
            kind: .modal, title: "Hello", body: "Body text",
            buttons: [MessageButton(id: "ok", text: "OK")]), triggers: TriggerSet(triggers: [trigger]))
    }

    static func pingBody(userID: String? = nil, appVersion: String = "1.0.0",
                         capabilities: [Capability]? = nil, locale: String? = nil, platform: Platform? = nil) -> PingRequest {
        PingRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: userID)), appVersion: appVersion,
                    marqueeCapabilities: capabilities, locale: locale, platform: platform)
    }
}

extension TestServer {
    /// Creates an app through the admin API.
    func createApp(_ app: Fixtures.NewApp = Fixtures.NewApp()) async throws -> Fixtures.CreatedApp {
        let response = try await send(.POST, "/api/v1/apps", json: app)
        guard response.status == .created else { throw TestFailure("create app: \(response.status) \(response.text)") }
        return try response.decode(Fixtures.CreatedApp.self)
    }

    /// Creates a campaign through the admin API and returns its id.
    func createCampaign(_ campaign: Campaign, in app: Fixtures.CreatedApp, token: String = TestServer.adminToken) async throws -> String {
        let response = try await send(.POST, "/api/v1/apps/\(app.id)/campaigns", token: token, json: campaign)
        guard response.status == .created else { throw TestFailure("create campaign: \(response.status) \(response.text)") }
        return try response.decode(Campaign.self).id
    }

    /// Pings as an SDK and returns the lenient reading of the response, with the campaigns of a
    /// list sent by reference read from `GET /v1/catalog/{digest}`, as the Marquee SDK reads them.
    func ping(_ app: Fixtures.CreatedApp, _ body: PingRequest = Fixtures.pingBody(), deviceID: String? = "device-1") async throws -> LenientPingResponse {
        let response = try await send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: deviceID, json: body)
        guard response.status == .ok else { throw TestFailure("ping: \(response.status) \(response.text)") }
        var answer = try response.decode(LenientPingResponse.self)
        if let list = answer.marquee?.list, let path = URL(string: list.url)?.path {
            let read = try await send(.GET, path, token: nil)
            guard read.status == .ok else { throw TestFailure("campaign list: \(read.status) \(read.text)") }
            let content = try read.decode(CampaignListContent.self)
            answer.campaigns = content.campaigns
            answer.skipped += content.skipped
        }
        return answer
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Capability {
    /// Everything but lists by reference: the ping's answer holds its list, for tests that read
    /// the answer's bytes.
    static let allInline = all.filter { $0 != .campaignLists }
}
