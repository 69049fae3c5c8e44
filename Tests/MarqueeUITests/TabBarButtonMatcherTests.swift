import MarqueeUI
import Testing

/// Tab bar items and the buttons drawn for them, paired for tooltips.
@Suite struct TabBarButtonMatcherTests {
    @Test func buttonsAreMatchedInReadingOrderWhateverTheSubviewOrder() {
        // Subviews come in any order; the tab bar lays items out left to right.
        let offsets = [200.0, 0, 100]
        #expect(TabBarButtonMatcher.identifiers(items: ["home", "offers", "profile"], buttonOffsets: offsets)
                == [1: "home", 2: "offers", 0: "profile"])
        #expect(TabBarButtonMatcher.identifiers(items: ["home", "offers", "profile"], buttonOffsets: offsets, rightToLeft: true)
                == [0: "home", 2: "offers", 1: "profile"], "right to left, the first item is on the right")
    }

    @Test func itemsWithoutAnIdentifierAndExtraButtonsAreLeftAlone() {
        #expect(TabBarButtonMatcher.identifiers(items: [nil, "offers", ""], buttonOffsets: [0, 100, 200, 300]) == [1: "offers"])
        #expect(TabBarButtonMatcher.identifiers(items: ["a", "b", "c"], buttonOffsets: [0]) == [0: "a"])
        #expect(TabBarButtonMatcher.identifiers(items: [], buttonOffsets: []).isEmpty)
    }
}
