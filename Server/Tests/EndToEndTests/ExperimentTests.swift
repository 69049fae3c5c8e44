import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// An experiment end to end: two variants and a control group, simulated users on the real SDK
/// against a live server, conversions inside and outside the goal's window on the devices'
/// clocks, and RInAppMessaging-shaped clients attributed without knowing of experiments.
@MainActor
@Suite struct ExperimentTests {
    static let window: TimeInterval = 72 * 3_600

    static func campaign() -> Campaign {
        var campaign = CampaignDraft.make("Spring sale")
        campaign.experiment = Experiment(variants: [
            Variant(id: "a", name: "Original"),
            Variant(id: "b", name: "Free shipping",
                    message: Message(kind: .modal, title: "Free shipping today", buttons: [CampaignDraft.okButton])),
        ], controlPercent: 20)
        campaign.goal = ConversionGoal(event: .purchase, windowHours: window / 3_600)
        return campaign
    }

    /// Per arm: users, and users whose conversion counts.
    struct Tally: Equatable {
        var users = 0
        var conversions = 0
    }

    @Test func twoHundredUsersSplitConvertAndCountByArm() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Self.campaign(), in: app)
            var expected: [String: Tally] = [:]
            var displays = 0
            for index in 0..<200 {
                let user = "user-\(index)"
                let arm = try #require(campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: user), deviceID: nil)))
                let device = TestDevice()
                defer { device.removeStorage() }
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await device.sdk.state().campaigns.first?.variant == arm.id, "the SDK computes the server's arm")
                await device.log(AppStartEvent())
                switch arm {
                case .control:
                    #expect(device.presenter.displayed.isEmpty, "\(user) is held back")
                case .variant(let id):
                    let shown = try #require(device.presenter.current, "\(user) sees variant \(id)")
                    #expect(shown.id == campaign.id)
                    #expect(shown.variant == id)
                    #expect(shown.message.title == (id == "b" ? "Free shipping today" : "Spring sale"))
                    try await device.finish(PresentationResult(.buttonClick(id: "ok")))
                    displays += 1
                }
                expected[arm.id, default: Tally()].users += 1
                // A third buy within the window, a third after it, a third never.
                switch index % 3 {
                case 0:
                    await device.advance(by: 3_600)
                    await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 9_990_000, currencyCode: "EUR"))
                    // A second purchase is the same conversion.
                    await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 1_000_000, currencyCode: "EUR"))
                    expected[arm.id, default: Tally()].conversions += 1
                case 1:
                    await device.advance(by: Self.window + 60)
                    await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 9_990_000, currencyCode: "EUR"))
                default:
                    break
                }
                let state = await device.sdk.state()
                #expect(state.pendingImpressionBatches == 0 && state.pendingConversions == 0, "\(user): everything was sent")
                #expect(state.campaigns.first?.hasConverted == (index % 3 == 0))
            }
            #expect(expected["control"]?.users ?? 0 > 20, "about a fifth of 200 users: \(expected)")
            #expect(expected["a"]?.users ?? 0 > 50 && expected["b"]?.users ?? 0 > 50, "\(expected)")

            let stats = try await server.statsJSON(of: campaign, in: app)
            var counted: [String: Tally] = [:]
            for arm in stats["variants"] as? [[String: Any]] ?? [] {
                counted[arm["variant"] as? String ?? "?"] = Tally(users: arm["uniqueUsers"] as? Int ?? -1,
                                                                 conversions: arm["conversions"] as? Int ?? -1)
            }
            #expect(counted == expected)
            #expect(stats["impressions"] as? Int == displays)
            #expect(stats["buttonOneClicks"] as? Int == displays)
            #expect(stats["controlImpressions"] as? Int == expected["control"]?.users)
            #expect(stats["conversions"] as? Int == expected.values.map(\.conversions).reduce(0, +))
            let comparisons = (stats["experiment"] as? [String: Any])?["comparisons"] as? [[String: Any]] ?? []
            #expect(comparisons.map { $0["variant"] as? String } == ["a", "b"])
            for comparison in comparisons {
                let variant = expected[comparison["variant"] as? String ?? ""] ?? Tally()
                let control = expected["control"] ?? Tally()
                let difference = Double(variant.conversions) / Double(variant.users) - Double(control.conversions) / Double(control.users)
                #expect(abs((comparison["difference"] as? Double ?? 9) - difference) < 1e-9)
                #expect(comparison["verdict"] as? String == "notEnoughData", "under 100 users per arm")
            }
        }
    }

    @Test func baseClientsAreServedTheirVariantAndAttributedWithoutAskingTheSDK() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Self.campaign(), in: app)
            var expected: [String: Int] = [:]
            for index in 0..<30 {
                let user = "rakuten-\(index)"
                let arm = try #require(campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: user), deviceID: nil)))
                // A ping as RInAppMessaging sends it: no Marquee keys at all.
                let received = try await server.rawPing(subscriptionID: app.subscriptionID, userID: user)
                switch arm {
                case .control:
                    #expect(received.isEmpty, "\(user) is in the control group: the campaign is not sent")
                case .variant(let id):
                    #expect(received.map(\.id) == [campaign.id])
                    #expect(received.first?.title == (id == "b" ? "Free shipping today" : "Spring sale"))
                    #expect(received.first?.hasMarqueeKey == false)
                    // Its impression names no variant; the server attributes it.
                    try await server.rawImpression(subscriptionID: app.subscriptionID, campaignID: campaign.id, userID: user)
                    expected[id, default: 0] += 1
                }
            }
            let stats = try await server.statsJSON(of: campaign, in: app)
            let arms = stats["variants"] as? [[String: Any]] ?? []
            for arm in arms where arm["variant"] as? String != "control" {
                let id = arm["variant"] as? String ?? ""
                #expect(arm["impressions"] as? Int == expected[id, default: 0], "variant \(id)")
                #expect(arm["uniqueUsers"] as? Int == expected[id, default: 0])
            }
            #expect(arms.first { $0["variant"] as? String == "control" }?["controlImpressions"] as? Int == 0,
                    "base clients in the control group are never sent the campaign, so nothing is measured for them")
        }
    }

    @Test func theArmSurvivesRestartsAndAWipedStore() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Self.campaign(), in: app)
            for user in ["ada", "bob", "cy", "dee", "eve"] {
                let first = TestDevice()
                await first.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                let arm = await first.sdk.state().campaigns.first?.variant
                #expect(arm != nil)
                let relaunched = first.relaunch()
                await relaunched.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await relaunched.sdk.state().campaigns.first?.variant == arm, "after a restart")
                first.removeStorage()
                // A reinstall: empty storage, another device id; the user ID decides.
                let reinstalled = TestDevice()
                defer { reinstalled.removeStorage() }
                await reinstalled.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await reinstalled.sdk.state().campaigns.first?.variant == arm, "after the store was wiped")
            }
            // An anonymous user is assigned by device: a wiped store on the same device keeps the arm.
            let anonymous = TestDevice(deviceID: "anonymous-phone")
            await anonymous.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            let arm = await anonymous.sdk.state().campaigns.first?.variant
            anonymous.removeStorage()
            let wiped = TestDevice(deviceID: "anonymous-phone")
            defer { wiped.removeStorage() }
            await wiped.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            #expect(await wiped.sdk.state().campaigns.first?.variant == arm)
        }
    }
}

extension LiveServer {
    /// A campaign as an RInAppMessaging client reads it from a ping.
    struct BaseCampaign {
        var id: String
        var title: String?
        var hasMarqueeKey: Bool
    }

    /// `POST /v1/ping` shaped as RInAppMessaging sends it, for `userID`.
    func rawPing(subscriptionID: String, userID: String) async throws -> [BaseCampaign] {
        let data = try await rawSDK("v1/ping", subscriptionID: subscriptionID, body: """
            {"userIdentifiers":[{"id":"\(userID)","type":3}],"appVersion":"2.1.0","supportedCampaignTypes":[1,2]}
            """)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (json?["data"] as? [[String: Any]] ?? []).compactMap { item in
            guard let campaign = item["campaignData"] as? [String: Any], let id = campaign["campaignId"] as? String else { return nil }
            let payload = campaign["messagePayload"] as? [String: Any]
            return BaseCampaign(id: id, title: payload?["header"] as? String, hasMarqueeKey: campaign["marquee"] != nil)
        }
    }

    /// `POST /v1/impression` shaped as RInAppMessaging sends it: an impression and a first-button click.
    func rawImpression(subscriptionID: String, campaignID: String, userID: String) async throws {
        let now = Int64(TestTime.start.timeIntervalSince1970 * 1000)
        _ = try await rawSDK("v1/impression", subscriptionID: subscriptionID, body: """
            {"campaignId":"\(campaignID)","isTest":false,"appVersion":"2.1.0","sdkVersion":"8.0.0",
             "impressions":[{"type":1,"timestamp":\(now)},{"type":2,"timestamp":\(now)}],
             "userIdentifiers":[{"id":"\(userID)","type":3}]}
            """)
    }

    private func rawSDK(_ path: String, subscriptionID: String, body: String) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue(subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("rakuten-device", forHTTPHeaderField: "device_id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw TestServerError("\(path) answered \((response as? HTTPURLResponse)?.statusCode ?? 0): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    /// The campaign's statistics as untyped JSON.
    func statsJSON(of campaign: Campaign, in app: CreatedApp) async throws -> [String: Any] {
        let data = try await admin("GET", "api/v1/apps/\(app.id)/campaigns/\(campaign.id)/stats")
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
