import Marquee
import MarqueeModel
import Testing

@Suite("Tooltip placement")
struct TooltipPlacementTests {
    typealias Rect = TooltipPlacement.Rect
    let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    let button = Rect(x: 150, y: 400, width: 90, height: 44)

    @Test(arguments: TooltipPosition.allCases)
    func everyPositionSitsOnItsSideAndInside(_ position: TooltipPosition) {
        let placement = TooltipPlacement(position: position, anchor: button, size: (120, 60), bounds: screen)
        let frame = placement.frame
        #expect(placement.position == position, "there is room on every side")
        #expect(frame.x >= 0 && frame.maxX <= 390 && frame.y >= 0 && frame.maxY <= 844)
        switch position {
        case .topLeft, .topCenter, .topRight: #expect(frame.maxY == button.y - TooltipPlacement.spacing)
        case .bottomLeft, .bottomCenter, .bottomRight: #expect(frame.y == button.maxY + TooltipPlacement.spacing)
        case .left: #expect(frame.maxX == button.x - TooltipPlacement.spacing)
        case .right: #expect(frame.x == button.maxX + TooltipPlacement.spacing)
        }
    }

    @Test func flipsWhenTheRequestedSideHasNoRoom() {
        let topButton = Rect(x: 150, y: 10, width: 90, height: 44)
        let placement = TooltipPlacement(position: .topCenter, anchor: topButton, size: (120, 60), bounds: screen)
        #expect(placement.position == .bottomCenter)
        #expect(placement.frame.y == topButton.maxY + TooltipPlacement.spacing)
    }

    @Test func slidesBackInsideTheScreen() {
        let edgeButton = Rect(x: 360, y: 400, width: 30, height: 30)
        let placement = TooltipPlacement(position: .bottomCenter, anchor: edgeButton, size: (200, 60), bounds: screen)
        #expect(placement.frame.maxX == 390)
        #expect(placement.frame.x == 190)
    }
}
