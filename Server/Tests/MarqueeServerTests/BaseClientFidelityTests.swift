import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// RInAppMessaging's own clients either show a campaign as the marketer meant or are not sent it,
/// one test per fact of what those clients do (HTML has no presenter on either client, SVG cannot
/// be decoded, placeholders are shown as written, top slide-ups are shown at the bottom, text is
/// compared without regard to case, a tooltip's element is any view whose identifier contains
/// it, contexts run to the next `]`; push primers need Rakuten's RMC module on iOS, and purchase
/// conditions never match there). Checked through the real ping, display-permission and
/// trigger-test routes, as a base client (no capabilities) and as the Marquee SDK (every capability).
@Suite("Base clients")
struct BaseClientFidelityTests {
    static func campaigns() -> [Campaign] {
        var html = Fixtures.modal("HTML")
        html.message.kind = .html
        html.message.html = "<p>Hello</p>"
        var svg = Fixtures.modal("SVG image")
        svg.message.image = MessageImage(url: "https://cdn.example.com/hero.SVG?v=2")
        var png = Fixtures.modal("PNG image")
        png.message.image = MessageImage(url: "https://cdn.example.com/hero.png")
        var personal = Fixtures.modal("Personal")
        personal.message.title = "Welcome, %%first_name|friend%%!"
        personal.message.body = "50%% off for %%first_name%% today"
        personal.message.buttons = [MessageButton(id: "go", text: "Go, %%first_name|friend%%")]
        return [html, svg, png, personal]
    }

    @Test(arguments: TestDatabase.available)
    func baseClientsGetOnlyWhatTheyShowAsMeant(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            for campaign in Self.campaigns() { _ = try await server.createCampaign(campaign, in: app) }

            let base = try await server.ping(app, Fixtures.pingBody())
            #expect(Set(base.campaigns.map(\.name)) == ["PNG image", "Personal"], "HTML and SVG are not sent to base clients")
            let personal = try #require(base.campaigns.first { $0.name == "Personal" })
            #expect(personal.message.title == "Welcome, friend!", "placeholders arrive filled with their fallback")
            #expect(personal.message.body == "50%% off for  today", "one without a fallback is left out; 50%% stays text")
            #expect(personal.message.buttons.first?.text == "Go, friend")

            let marquee = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all))
            #expect(marquee.campaigns.count == 4, "the Marquee SDK gets every campaign")
            let raw = try #require(marquee.campaigns.first { $0.name == "Personal" })
            #expect(raw.message.title == "Welcome, %%first_name|friend%%!", "the SDK fills placeholders itself")
        }
    }

    @Test func theDashboardsCompatibilityLineComesFromTheCampaignsCapabilities() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            for campaign in Self.campaigns() {
                let id = try await server.createCampaign(campaign, in: app)
                let read = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)").json
                let needed = Set(read["requiredCapabilities"] as? [String] ?? [])
                switch campaign.name {
                case "HTML": #expect(needed.contains("message.html"))
                case "SVG image": #expect(needed.contains("image.svg"))
                default: #expect(needed.isEmpty, "\(campaign.name): \(needed)")
                }
            }
        }
    }

    /// A base client's ping: it lists push-primer support, as both clients do.
    private static let baseClient = Fixtures.pingBody()

    private func created(_ campaigns: [Campaign], _ server: TestServer) async throws -> (Fixtures.CreatedApp, [String: String]) {
        let app = try await server.createApp()
        var ids: [String: String] = [:]
        for campaign in campaigns { ids[campaign.name] = try await server.createCampaign(campaign, in: app) }
        return (app, ids)
    }

    /// The trigger tester's verdict, which the Marquee SDK's engine shares.
    private func fires(_ server: TestServer, _ app: Fixtures.CreatedApp, _ campaign: String, event: [String: Any]) async throws -> Bool {
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: ["event": event]), as: UTF8.self)
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test", raw: raw)
        #expect(response.status == .ok, "\(response.text)")
        let results = response.json["results"] as? [[String: Any]] ?? []
        return results.first { $0["campaignName"] as? String == campaign }?["wouldFire"] as? Bool ?? false
    }

    private func caveats(_ server: TestServer, _ app: Fixtures.CreatedApp, _ id: String?) async throws -> Set<String> {
        let read = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id ?? "")").json
        return Set(read["baseClientCaveats"] as? [String] ?? [])
    }

    @Test(arguments: TestDatabase.available)
    func topSlideUpsAreNotSentToBaseClientsWhichShowThemAtTheBottom(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let campaigns = SlideEdge.allCases.map { edge in
                var slide = Fixtures.modal("From \(edge.rawValue)")
                slide.message.kind = .slideUp
                slide.message.slideFrom = edge
                return slide
            }
            let (app, _) = try await created(campaigns, server)
            let base = try await server.ping(app, Self.baseClient).campaigns
            #expect(Set(base.map(\.name)) == ["From bottom", "From left", "From right"])
            #expect(Set(base.map { $0.message.slideFrom }) == [.bottom, .left, .right], "each keeps its edge")
            let marquee = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all)).campaigns
            #expect(marquee.count == 4)
        }
    }

    @Test func textConditionsMeanWhatBothClientsCompare() async throws {
        try await TestServer.with { server in
            let gold = Fixtures.modal("Gold members", trigger: Trigger(.custom, name: "upgraded", conditions: [
                AttributeCondition(name: "tier", type: .string, operator: .equals, value: "GOLD")]))
            let pattern = Fixtures.modal("Pattern", trigger: Trigger(.custom, name: "searched", conditions: [
                AttributeCondition(name: "query", type: .string, operator: .matchesRegex, value: "^Shoe")]))
            let (app, ids) = try await created([gold, pattern], server)
            // Base clients are sent both, with the conditions as written.
            let base = try await server.ping(app, Self.baseClient).campaigns
            #expect(base.first { $0.name == "Gold members" }?.triggers.allTriggers.first?.conditions.first?.value == "GOLD")
            #expect(base.count == 2)
            // Both clients lowercase (or ignore case) before comparing, and so does Marquee's engine.
            let tier = { (value: String) in ["kind": "custom", "name": "upgraded",
                                            "attributes": [["name": "tier", "type": "string", "value": value]]] as [String: Any] }
            #expect(try await fires(server, app, "Gold members", event: tier("gold")))
            #expect(try await fires(server, app, "Gold members", event: tier("Gold")))
            #expect(try await !fires(server, app, "Gold members", event: tier("golden")))
            let query = ["kind": "custom", "name": "searched",
                         "attributes": [["name": "query", "type": "string", "value": "shoes"]]] as [String: Any]
            #expect(try await fires(server, app, "Pattern", event: query), "iOS lowercases pattern and value")
            // Android matches a pattern against the whole value, with case: the dashboard says so.
            #expect(try await caveats(server, app, ids["Pattern"]) == ["regex.wholeValue"])
            #expect(try await caveats(server, app, ids["Gold members"]).isEmpty)
        }
    }

    @Test func aTooltipsElementIsAnyViewWhoseIdentifierContainsIt() async throws {
        try await TestServer.with { server in
            let tooltip = Campaign(id: "", name: "Cart hint", status: .active, message: Message(
                kind: .tooltip, title: "", image: MessageImage(url: "https://cdn.example.com/hint.png"),
                tooltip: TooltipSettings(targetElementID: "cart.button")), triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            var worded = tooltip
            worded.name = "Worded hint"
            worded.message.title = "Your cart"
            let (app, _) = try await created([tooltip, worded], server)
            let sent = try await server.ping(app, Self.baseClient).campaigns
            #expect(sent.map(\.name) == ["[Tooltip] Cart hint"], "base clients draw a tooltip from its image alone: not one with text")
            #expect(sent.first?.message.tooltip?.targetElementID == "cart.button")
            let appeared = { (identifier: String) in ["kind": "viewAppeared", "name": identifier] as [String: Any] }
            #expect(try await fires(server, app, "Cart hint", event: appeared("cart.button.badge")))
            #expect(try await fires(server, app, "Cart hint", event: appeared("cart.button")))
            #expect(try await !fires(server, app, "Cart hint", event: appeared("cart")))
        }
    }

    @Test(arguments: TestDatabase.available)
    func pushPrimersAndPurchaseConditionsReachBaseClientsWithTheirCaveatNamed(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            var primer = Fixtures.modal("Turn on notifications")
            primer.message.buttons = [MessageButton(id: "allow", text: "Allow", action: MessageAction(.pushPrimer))]
            let purchase = Fixtures.modal("Big spender", trigger: Trigger(.purchase, conditions: [
                AttributeCondition(name: PurchaseAttribute.currencyCode, type: .string, operator: .equals, value: "EUR")]))
            let (app, ids) = try await created([primer, purchase], server)
            // Android shows both as meant, so base clients are sent both…
            let base = try await server.ping(app, Self.baseClient).campaigns
            #expect(Set(base.map(\.name)) == ["Turn on notifications", "Big spender"])
            #expect(base.first { $0.name == "Turn on notifications" }?.message.buttons.first?.action.type == .pushPrimer)
            // …and may show them now: display permission says yes on either platform.
            for platform in [1, 2] {
                for id in ids.values {
                    let answer = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID,
                                                       deviceID: "device-1", json: DisplayPermissionRequest(
                                                           subscriptionId: nil, campaignId: id, userIdentifiers: [], platform: platform, appVersion: "1.0.0",
                                                           sdkVersion: "8.0.0", locale: "en", lastPingInMillis: 0))
                    #expect(answer.status == .ok, "\(answer.text)")
                    #expect(answer.json["display"] as? Bool == true)
                }
            }
            // …while the dashboard names what iOS does differently.
            #expect(try await caveats(server, app, ids["Turn on notifications"]) == ["pushPrimer.rmcOnly"])
            #expect(try await caveats(server, app, ids["Big spender"]) == ["purchase.conditions"])
            // A campaign base clients are not sent has no caveats to name.
            var html = primer
            html.name = "HTML primer"
            html.message.kind = .html
            html.message.html = "<p>Allow?</p>"
            let htmlID = try await server.createCampaign(html, in: app)
            #expect(try await caveats(server, app, htmlID).isEmpty)
        }
    }

    @Test func contextsRunToTheNextClosingBracketAsTheClientsReadThem() async throws {
        try await TestServer.with { server in
            let (app, _) = try await created([Fixtures.modal("[a[b]c] [] Odd name")], server)
            let sent = try #require(try await server.ping(app, Self.baseClient).campaigns.first)
            // iOS reads `a[b`, Android `a[b` and an empty one: they are sent the name without
            // its empty `[]`, so both read what Marquee reads.
            #expect(sent.name == "[a[b]c]  Odd name")
            #expect(sent.contexts == ["a[b"])
            #expect(Self.contextsAsAndroidReadsThem(sent.name) == ["a[b"])
            let marquee = try await server.ping(app, Fixtures.pingBody(capabilities: [.campaignExtension]))
            #expect(marquee.campaigns.first?.name == "[a[b]c] [] Odd name", "the Marquee SDK gets the name as written")
        }
    }

    /// RInAppMessaging's Android client takes each shortest run from `[` to `]` as a context,
    /// an empty one included.
    static func contextsAsAndroidReadsThem(_ name: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\[(.*?)\]"#)
        return pattern.matches(in: name, range: NSRange(name.startIndex..., in: name)).compactMap {
            Range($0.range(at: 1), in: name).map { String(name[$0]) }
        }
    }

    /// Every kind, trigger type and button action: when the dashboard says base clients get the
    /// campaign (no capability needed), the campaign they read from the ping is the one saved;
    /// when it says they do not, the ping leaves it out.
    @Test func everyKindTriggerAndActionArrivesAsMeantOrNotAtAll() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            var saved: [String: Campaign] = [:]
            for kind in MessageKind.allCases {
                for event in EventKind.allCases {
                    for action in ActionType.allCases {
                        var campaign = Fixtures.modal("\(kind.rawValue) \(event.rawValue) \(action.rawValue)")
                        campaign.message.kind = kind
                        campaign.message.image = MessageImage(url: "https://cdn.example.com/\(kind.rawValue).png")
                        switch kind {
                        case .html: campaign.message.html = "<p>Hello</p>"
                        case .video: campaign.message.media = MediaSettings(videoURL: "https://cdn.example.com/clip.mp4")
                        case .tooltip: campaign.message.tooltip = TooltipSettings(targetElementID: "cart.button")
                        case .carousel: campaign.message.pages = [MessagePage(id: "one", title: "One"), MessagePage(id: "two", title: "Two")]
                        case .survey: campaign.message.survey = Survey(questions: [SurveyQuestion(id: "rate", kind: .rating, prompt: "Rate us")])
                        case .modal, .fullScreen, .slideUp, .banner, .image: break
                        }
                        let uri: String? = switch action {
                        case .openURL: "https://example.com/offer"
                        case .deepLink: "myapp://offer"
                        case .close, .pushPrimer: nil
                        }
                        campaign.message.buttons = [MessageButton(id: "go", text: "Go", action: MessageAction(action, uri: uri))]
                        if kind == .carousel {
                            campaign.message.pages[0].buttons = campaign.message.buttons
                            campaign.message.buttons = []
                        }
                        // A survey's one button is its submit button.
                        if kind == .survey { campaign.message.buttons = [] }
                        let name: String? = switch event {
                        case .custom: "level_up"
                        case .viewAppeared: "cart.button"
                        case .rule: "weekend"
                        case .appStart, .sessionStart, .login, .purchase, .pushClick: nil
                        }
                        campaign.triggers = TriggerSet(triggers: [Trigger(event, name: name)])
                        server.clock.advance(by: 60)  // past the admin rate limit's window
                        let id = try await server.createCampaign(campaign, in: app)
                        let read = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)")
                        guard (read.json["requiredCapabilities"] as? [String])?.isEmpty == true else { continue }
                        saved[id] = try read.decode(Campaign.self)
                    }
                }
            }
            #expect(saved.count > 20, "base clients get many combinations")
            let received = try await server.ping(app, Fixtures.pingBody())
            #expect(received.skipped.isEmpty, "\(received.skipped)")
            #expect(Set(received.campaigns.map(\.id)) == Set(saved.keys), "exactly what the dashboard says reaches them")
            for campaign in received.campaigns {
                let meant = try #require(saved[campaign.id])
                #expect(Self.whatTheUserMeets(campaign) == Self.whatTheUserMeets(meant), "\(meant.name)")
            }
        }
    }

    /// What a user sees and acts on, and what makes it show: the fields the base protocol carries
    /// by meaning (a button's id is its position there; the orientation is the client's own).
    private static func whatTheUserMeets(_ campaign: Campaign) -> String {
        let message = campaign.message
        let buttons = message.buttons.map { "\($0.text) \($0.action.type) \($0.action.uri ?? "-")" }
        return [message.kind.rawValue, message.title, message.body ?? "", message.image?.url ?? "", buttons.joined(separator: ", "),
                message.tooltip?.targetElementID ?? "", message.kind == .slideUp ? (message.slideFrom ?? .bottom).rawValue : "",
                "\(campaign.triggers)"].joined(separator: " | ")
    }
}
