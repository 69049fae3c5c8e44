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
