@testable import Marquee
import MarqueeModel
import Testing

/// Displays a killed app left on screen wait for a delegate, in order, and are reported once.
@Suite struct InterruptedDisplaysTests {
    private func message(_ id: String) -> InAppMessage {
        InAppMessage(campaign: Campaign(id: id, name: id, status: .active, message: Message(kind: .modal, title: id)))
    }

    @Test func displaysAreTakenOnceAndUnreportedOnesWaitAgainFirst() {
        var displays = InterruptedDisplays()
        displays.add(message("a"))
        displays.add(message("b"))
        let taken = displays.take()
        #expect(taken.map(\.id) == ["a", "b"])
        #expect(displays.isEmpty)
        displays.add(message("c"))
        displays.putBack(taken)
        #expect(displays.messages.map(\.id) == ["a", "b", "c"], "no delegate yet: they wait, before later ones")
    }
}
