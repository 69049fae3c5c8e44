import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// Acoustic's in-app message (the `inApp` object of a push) read into a campaign: rule triggers,
/// view limit, dates and each template's message, and every problem named by its field.
@Suite struct AcousticInAppTests {
    static func read(_ json: String) throws -> AcousticInApp {
        try #require(try AcousticInApp.from(json: Data(json.utf8)))
    }

    @Test func aBannerInAPushBecomesARuleCampaignWithItsLimitsAndDates() throws {
        let inApp = try Self.read("""
            {"aps": {"content-available": 1},
             "inApp": {"rules": ["launch", " all "], "maxViews": 5, "template": "default",
                       "content": {"text": "Your order has shipped", "icon": "notification", "orientation": "top",
                                   "duration": 10, "color": "#1D4ED8", "foreground": "#FFFFFF", "mainImage": "https://cdn.example.com/bg.png",
                                   "action": {"type": "url", "value": "https://shop.example.com/orders"}},
                       "triggerDate": "2026-11-01T08:00:00Z", "expirationDate": "2026-12-01T00:00:00.000+01:00"}}
            """)
        let campaign = try inApp.campaign(id: "push-1")
        #expect(campaign.id == "push-1" && campaign.status == .active)
        #expect(campaign.name == "Acoustic in-app: launch, all")
        #expect(campaign.triggers == TriggerSet(match: .any, triggers: [Trigger(.rule, name: "launch"), Trigger(.rule, name: "all")]))
        #expect(campaign.delivery.maxImpressions == 5)
        #expect(campaign.delivery.startTime == MarqueeJSON.parseDate("2026-11-01T08:00:00Z"))
        #expect(campaign.delivery.endTime == MarqueeJSON.parseDate("2026-11-30T23:00:00Z"))
        let message = campaign.message
        #expect(message.kind == .banner && message.title == "Your order has shipped")
        #expect(message.banner == BannerSettings(placement: .top, icon: .notification,
                                                 backgroundImageURL: "https://cdn.example.com/bg.png", autoCloseSeconds: 10))
        #expect(message.colors.background == HexColor("#1D4ED8") && message.colors.body == HexColor("#FFFFFF"))
        #expect(message.contentAction == MessageAction(.openURL, uri: "https://shop.example.com/orders"))
    }

    @Test func theInAppObjectAloneWithTemplateDefaultsAndNumbersAsText() throws {
        let image = try Self.read("""
            {"rules": ["offer"], "maxViews": "3", "template": "image",
             "content": {"title": "Two for one", "text": "Today only", "image": "https://cdn.example.com/offer.jpg",
                         "action": {"type": "dial", "value": "+33 1 23 45 67 89"}}}
            """).campaign(id: "offer")
        #expect(image.delivery.maxImpressions == 3)
        #expect(image.delivery.startTime == nil && image.delivery.endTime == nil)
        #expect(image.message.kind == .image && image.message.title == "Two for one" && image.message.body == "Today only")
        #expect(image.message.image?.url == "https://cdn.example.com/offer.jpg")
        #expect(image.message.media?.autoCloseSeconds == AcousticInApp.defaultDuration, "closes after the template's default")
        #expect(image.message.contentAction == MessageAction(.deepLink, uri: "tel:+33123456789"))

        let video = try Self.read("""
            {"rules": ["tour"], "template": "video", "content": {"video": "https://cdn.example.com/tour.mp4", "duration": 0}}
            """).campaign(id: "tour")
        #expect(video.delivery.maxImpressions == 1, "shown once unless maxViews says more")
        #expect(video.message.media == MediaSettings(videoURL: "https://cdn.example.com/tour.mp4", autoCloseSeconds: nil))

        let banner = try Self.read(#"{"rules": ["hi"], "content": {"text": "Hello", "duration": 0}}"#).campaign(id: "hi", name: "Greeting")
        #expect(banner.name == "Greeting")
        #expect(banner.message.kind == .banner, "no template is the default banner")
        #expect(banner.message.banner?.placement == .bottom && banner.message.banner?.autoCloseSeconds == nil, "0 stays until closed")
        #expect(banner.message.colors.background == AcousticInApp.defaultBannerColor, "Acoustic's default banner colour")
        #expect(banner.message.colors.body == .black)
        #expect(image.message.colors.background == .white, "image and video keep a white card")
    }

    /// Acoustic writes the alpha first (`#AARRGGBB`, its default banner is `#ff5886fa`); a value
    /// whose alpha differs from its red shows the order: 80 alpha over a red of FF.
    @Test func eightDigitColoursAreReadAlphaFirst() throws {
        let banner = try Self.read("""
            {"rules": ["sale"], "content": {"text": "Sale", "color": "#80FF2010", "foreground": "#ff5886fa"}}
            """).campaign(id: "sale")
        #expect(banner.message.colors.background == HexColor("#FF201080"))
        #expect(banner.message.colors.background.components == (red: 255, green: 32, blue: 16, alpha: 128))
        #expect(banner.message.colors.body == HexColor("#5886FAFF"))
        #expect(AcousticInApp.color("#1D4ED8") == HexColor("#1D4ED8"), "six digits have no alpha to move")
        #expect(AcousticInApp.color("blue") == nil)
    }

    @Test func everyProblemIsNamedByItsField() throws {
        let inApp = try Self.read("""
            {"rules": [" "], "maxViews": 0, "template": "default",
             "content": {"text": "", "icon": "rocket", "orientation": "left", "color": "blue", "duration": -1,
                         "action": {"type": "custom", "value": "x"}},
             "triggerDate": "2026-12-01T00:00:00Z", "expirationDate": "2026-11-01T00:00:00Z"}
            """)
        #expect(throws: AcousticImportError.self) { try inApp.campaign(id: "bad") }
        do {
            _ = try inApp.campaign(id: "bad")
        } catch {
            #expect(error.issues.map(\.field) == ["rules", "maxViews", "expirationDate", "content.duration", "content.color",
                                                  "content.orientation", "content.icon", "content.text", "content.action.type"])
            #expect(error.description.contains("'rocket' is not one of note, notification, store, offer, comment"))
        }

        let unknown = try Self.read(#"{"rules": ["a"], "template": "carousel", "content": {}, "triggerDate": "yesterday"}"#)
        do {
            _ = try unknown.campaign(id: "x")
            Issue.record("a carousel is not a template Marquee shows")
        } catch {
            #expect(error.issues.map(\.field) == ["template", "triggerDate"])
        }
        let noContent = try Self.read(#"{"rules": ["a"]}"#)
        do {
            _ = try noContent.campaign(id: "x")
            Issue.record("content is required")
        } catch {
            #expect(error.issues == [ValidationIssue(field: "content", message: "is required")])
        }
    }

    @Test func namedActionsReachTheAppAsTheMessagesExtras() throws {
        let campaign = try Self.read("""
            {"rules": ["offer"], "actions": [{"name": "coupon", "value": "SPRING10"}, {"name": "screen", "value": "offers"}],
             "content": {"text": "Spring sale"}}
            """).campaign(id: "offer")
        #expect(campaign.message.extras == ["coupon": "SPRING10", "screen": "offers"])

        let twice = try Self.read("""
            {"rules": ["offer"], "actions": [{"name": "coupon", "value": "A"}, {"name": "coupon", "value": "B"}, {"value": "C"}],
             "content": {"text": "Spring sale"}}
            """)
        do {
            _ = try twice.campaign(id: "offer")
            Issue.record("an action named twice is refused")
        } catch {
            #expect(error.issues.map(\.field) == ["actions[1].name", "actions[2].name"])
        }
    }

    @Test func aPayloadWithoutAnInAppMessageHasNone() throws {
        #expect(try AcousticInApp.from(json: Data(#"{"aps": {"alert": "Hi"}}"#.utf8)) == nil)
        #expect(throws: DecodingError.self) { try AcousticInApp.from(json: Data(#"{"rules": ["a"], "maxViews": "many"}"#.utf8)) }
    }
}
