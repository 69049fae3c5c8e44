import Foundation
import MarqueeUI
import Testing

/// Tab items found from the bar's public values, as UIKit lays them out.
@Suite struct TabBarItemLayoutTests {
    @Test func filledItemsShareTheWidthAboveTheHomeIndicator() throws {
        // An iPhone 15 in portrait: 393 × 83, of which 34 are the home indicator's.
        let layout = TabBarItemLayout(width: 393, height: 83, bottomInset: 34)
        let frames = try #require(layout.itemFrames(count: 3))
        #expect(frames == [CGRect(x: 0, y: 0, width: 131, height: 49),
                           CGRect(x: 131, y: 0, width: 131, height: 49),
                           CGRect(x: 262, y: 0, width: 131, height: 49)])
    }

    @Test func rightToLeftPutsTheFirstItemOnTheRightAndSafeAreaInsetsAreLeftOut() throws {
        // Landscape, with the sensor housing on the left: 852 wide, 59 of it on each side unsafe.
        let layout = TabBarItemLayout(width: 852, height: 53, leftInset: 59, rightInset: 59, bottomInset: 21, rightToLeft: true)
        let frames = try #require(layout.itemFrames(count: 2))
        #expect(frames == [CGRect(x: 426, y: 0, width: 367, height: 32), CGRect(x: 59, y: 0, width: 367, height: 32)])
    }

    @Test func centredItemsUseTheBarsItemWidthAndSpacingAndAreUnknownWithoutThem() throws {
        let centred = TabBarItemLayout(width: 1024, height: 50, positioning: .centered(itemWidth: 100, spacing: 20))
        let frames = try #require(centred.itemFrames(count: 3))
        #expect(frames.map(\.minX) == [342, 462, 582] && frames.allSatisfy { $0.width == 100 && $0.height == 50 })
        #expect(TabBarItemLayout(width: 1024, height: 50, positioning: .centered(itemWidth: 0, spacing: 0)).itemFrames(count: 3) == nil,
                "the system's own item width is not public")
        #expect(TabBarItemLayout(width: 390, height: 49).itemFrames(count: 0) == [])
    }
}
