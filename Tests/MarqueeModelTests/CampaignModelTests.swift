import Foundation
import MarqueeModel
import Testing

@Suite("Campaign model")
struct CampaignModelTests {
    @Test func contextsAreTheBracketedPartsOfTheName() {
        #expect(Campaign.contexts(in: "[ctx A]~~[ctx B]ab ab[ctx C]") == ["ctx A", "ctx B", "ctx C"])
        #expect(Campaign.contexts(in: "[ctx] [ctxbad title") == ["ctx"])
        #expect(Campaign.contexts(in: "[Tooltip] Cart hint") == ["Tooltip"])
        #expect(Campaign.contexts(in: "No contexts") == [])
        // A context runs to the next `]`, brackets inside it are text, and `[]` is none: as
        // RInAppMessaging's iOS client reads names.
        #expect(Campaign.contexts(in: "[a[b]c] []") == ["a[b"])
        #expect(Campaign.contexts(in: "] [x]] [[y]") == ["x", "[y"])
    }

    /// RInAppMessaging's Android client reads an empty `[]` as a context: base clients are sent
    /// names without one, and their contexts stay the same.
    @Test func emptyContextsLeaveTheNameAndOnlyThey() {
        let names = ["[a[b]c] []": "[a[b]c] ", "[]x[]": "x", "[a[]b] tail": "[a[]b] tail", "[[]]": "[[]]", "x[": "x[", "[]": "",
                     "No contexts": "No contexts", "[ctx] [] [ctx2]": "[ctx]  [ctx2]"]
        for (name, sent) in names {
            #expect(Campaign.withoutEmptyContexts(name) == sent, "\(name)")
            #expect(Campaign.contexts(in: sent) == Campaign.contexts(in: name), "\(name)")
        }
    }

    @Test func tooltipsCarryTheTooltipContextButNeverAskToVerifyIt() {
        let tooltip = Campaign(id: "t", name: "[cart] Cart hint", status: .active, message: Message(
            kind: .tooltip, title: "", tooltip: TooltipSettings(targetElementID: "cart.button")))
        #expect(tooltip.contexts == ["Tooltip", "cart"])
        #expect(tooltip.verifiableContexts == ["cart"])
        let modal = Campaign(id: "m", name: "[Tooltip] Not a tooltip", status: .active, message: Message(kind: .modal, title: "Hi"))
        #expect(modal.verifiableContexts == ["Tooltip"], "only a tooltip's marker is exempt")
    }

    @Test func versionsCompareNumerically() throws {
        #expect(try #require(AppVersion("1.10")) > #require(AppVersion("1.9")))
        #expect(AppVersion("2.0") == AppVersion("2"))
        #expect(try #require(AppVersion("3.1.0-beta")) < #require(AppVersion("3.1.1")))
        #expect(AppVersion("1.x") == nil)
        #expect(AppVersion("") == nil)
    }

    @Test func coloursAreValidatedAndNormalised() {
        #expect(HexColor("#abc")?.hex == "#AABBCC")
        #expect(HexColor("#1d4ed8")?.hex == "#1D4ED8")
        #expect(HexColor("#11223344")?.opaqueHex == "#112233")
        #expect(HexColor("red") == nil)
        #expect(HexColor("#12345") == nil)
    }

    @Test func omittedFieldsTakeTheirDefaults() throws {
        let json = #"{"name": "Sale", "message": {"kind": "banner", "title": "Hi", "banner": {}}}"#
        let campaign = try MarqueeJSON.decoder().decode(Campaign.self, from: Data(json.utf8))
        #expect(campaign.status == .draft)
        #expect(campaign.delivery == DeliveryRules())
        #expect(campaign.message.isDismissable)
        #expect(campaign.message.colors == MessageColors())
        #expect(campaign.message.banner == BannerSettings(placement: .bottom, autoCloseSeconds: 5))
        #expect(campaign.triggers.match == .all)
    }

    @Test func datesRoundTripWithAndWithoutMilliseconds() throws {
        let whole = Date(timeIntervalSince1970: 1_800_000_000)
        let fraction = Date(timeIntervalSince1970: 1_800_000_000.25)
        #expect(MarqueeJSON.formatDate(whole) == "2027-01-15T08:00:00Z")
        #expect(MarqueeJSON.parseDate(MarqueeJSON.formatDate(fraction)) == fraction)
        #expect(MarqueeJSON.parseDate("2027-01-15T08:00:00Z") == whole)
        #expect(MarqueeJSON.parseDate("next tuesday") == nil)
    }

    @Test func targetingAdmitsOnlyItsAudience() throws {
        let alice = DeviceContext(identity: UserIdentity(userID: "alice"), appVersion: AppVersion("2.1"), locale: "en_GB", platform: .ios)
        let anonymous = DeviceContext(appVersion: AppVersion("1.0"))
        #expect(Targeting().admits(alice) && Targeting().admits(anonymous))
        #expect(Targeting(audience: .knownUsers).admits(alice))
        #expect(!Targeting(audience: .knownUsers).admits(anonymous))
        #expect(Targeting(audience: .anonymousUsers).admits(anonymous))
        #expect(Targeting(userIDs: ["alice"]).admits(alice))
        #expect(!Targeting(userIDs: ["bob"]).admits(alice))
        #expect(Targeting(minAppVersion: AppVersion("2.0"), maxAppVersion: AppVersion("2.1")).admits(alice))
        #expect(!Targeting(minAppVersion: AppVersion("2.0")).admits(anonymous))
        #expect(Targeting(locales: ["en"]).admits(alice), "en admits en-gb")
        #expect(!Targeting(locales: ["fr"]).admits(alice))
        #expect(!Targeting(platforms: [.android]).admits(alice))
        #expect(Targeting(locales: ["fr"], platforms: [.android]).admits(anonymous),
                "an unknown locale or platform is decided at display permission")
    }

    @Test func identitiesTreatEmptyAsUnset() {
        #expect(UserIdentity(userID: "", idTrackingIdentifier: "").isAnonymous)
        #expect(UserIdentity(userID: "a").key != UserIdentity(idTrackingIdentifier: "a").key)
        #expect(DeviceContext.normalizedLocale("ja_JP@calendar=japanese") == "ja-jp")
    }
}

/// Carousels: 2 to 10 pages with unique ids, each with a title or an image, buttons only on
/// pages; no other kind has pages.
@Suite("Carousel messages")
struct CarouselModelTests {
    static func carousel(_ pages: [MessagePage]) -> Message {
        Message(kind: .carousel, title: "News", pages: pages)
    }

    @Test func aCarouselNeedsTwoToTenPagesEachWithATitleOrAnImage() {
        let two = [MessagePage(id: "a", title: "A"), MessagePage(id: "b", image: MessageImage(url: "https://cdn.example.com/b.png"))]
        #expect(Self.carousel(two).validationIssues().isEmpty)
        #expect(Self.carousel(Array(two.prefix(1))).validationIssues().map(\.field) == ["message.pages"])
        let eleven = (0..<11).map { MessagePage(id: "p\($0)", title: "P\($0)") }
        #expect(Self.carousel(eleven).validationIssues().map(\.field) == ["message.pages"])
        let untitled = [MessagePage(id: "a", title: " "), MessagePage(id: "a", title: "B")]
        #expect(Set(Self.carousel(untitled).validationIssues().map(\.field)) == ["message.pages", "message.pages[0].title"])
    }

    @Test func buttonsAreOnPagesAndUniqueAcrossThem() {
        let go = MessageButton(id: "go", text: "Go")
        var message = Self.carousel([MessagePage(id: "a", title: "A", buttons: [go]), MessagePage(id: "b", title: "B", buttons: [go])])
        #expect(message.validationIssues().map(\.field) == ["message.pages"], "the same button id on two pages")
        message.pages[1].buttons = [MessageButton(id: "later", text: "Later", action: MessageAction(.openURL, uri: "javascript:x"))]
        #expect(message.validationIssues().map(\.field) == ["message.pages[1].buttons[0].action.uri"])
        message.pages[1].buttons = []
        message.pages[0].buttons = []
        message.buttons = [go]
        #expect(message.validationIssues().map(\.field) == ["message.buttons"])
        var modal = Message(kind: .modal, title: "Hi")
        modal.pages = [MessagePage(id: "a", title: "A")]
        #expect(modal.validationIssues().map(\.field) == ["message.pages"], "only carousels have pages")
    }

    @Test func aPageIsSizedAsTheMessageIs() {
        let long = String(repeating: "x", count: Campaign.Limits.maxBodyLength + 1)
        let message = Self.carousel([MessagePage(id: "a", title: "A", body: long), MessagePage(id: "b", title: "B")])
        #expect(message.sizeIssues().map(\.field) == ["message.pages[0].body"])
    }
}

extension CarouselModelTests {
    @Test func pagesAreTranslatedByPageID() {
        var message = Self.carousel([MessagePage(id: "a", title: "Welcome", buttons: [MessageButton(id: "go", text: "Go")]),
                                     MessagePage(id: "b", title: "Lists", body: "Plan together")])
        message.translations = ["fr": MessageTranslation(pages: [
            "a": PageTranslation(title: "Bienvenue", buttons: ["go": "Allons-y"]),
            "b": PageTranslation(body: "Planifiez ensemble"),
        ])]
        #expect(message.validationIssues().isEmpty)
        let french = message.localized(to: "fr-FR")
        #expect(french.pages.map(\.title) == ["Bienvenue", "Lists"])
        #expect(french.pages.map(\.body) == [nil, "Planifiez ensemble"])
        #expect(french.pages[0].buttons.map(\.text) == ["Allons-y"])
        #expect(message.localized(to: "ja").pages.map(\.title) == ["Welcome", "Lists"])
        message.translations["de"] = MessageTranslation(pages: ["z": PageTranslation(title: "?"), "a": PageTranslation(buttons: ["no": "Nein"])])
        #expect(message.validationIssues().map(\.field) == ["message.translations.de.pages.a.buttons.no", "message.translations.de.pages.z"])
    }
}
