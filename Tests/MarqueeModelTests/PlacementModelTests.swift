import MarqueeModel
import Testing

/// An embedded campaign names a placement and shows a card; it needs no trigger; no other
/// campaign names a placement.
@Suite("Embedded campaigns")
struct PlacementModelTests {
    static func embedded(_ placement: String?) -> Campaign {
        Campaign(id: "c", name: "Card", message: Message(kind: .modal, title: "Hello"), channel: .embedded, placement: placement)
    }

    @Test func anEmbeddedCampaignNamesAValidPlacementAndShowsACard() {
        #expect(Self.embedded("home.top").validationIssues().isEmpty, "no trigger needed")
        #expect(Self.embedded(nil).validationIssues().map(\.field) == ["placement"])
        #expect(Self.embedded("home top").validationIssues().map(\.field) == ["placement"])
        #expect(Self.embedded(".top").validationIssues().map(\.field) == ["placement"])
        #expect(Self.embedded(String(repeating: "a", count: 65)).validationIssues().map(\.field) == ["placement"])
        var banner = Self.embedded("product.footer")
        banner.message = Message(kind: .banner, title: "Hi")
        #expect(banner.validationIssues().map(\.field) == ["message.kind"])
        var overlay = Campaign(id: "c", name: "Modal", message: Message(kind: .modal, title: "Hi"),
                               triggers: TriggerSet(triggers: [Trigger(.appStart)]), placement: "home.top")
        #expect(overlay.validationIssues().map(\.field) == ["placement"], "only embedded campaigns name one")
        overlay.placement = nil
        #expect(overlay.validationIssues().isEmpty)
        var optOut = Self.embedded("home.top")
        optOut.message.showsOptOut = true
        #expect(optOut.validationIssues().map(\.field) == ["message.showsOptOut"], "embedded content has no opt-out box")
    }

    @Test func placementIDs() {
        for valid in ["home.top", "product_footer-2", "A1"] { #expect(PlacementID.isValid(valid), "\(valid)") }
        for invalid in ["", "-top", "home/top", "héllo", "a b"] { #expect(!PlacementID.isValid(invalid), "\(invalid)") }
    }
}
