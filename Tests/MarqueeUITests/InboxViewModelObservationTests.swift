import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeUI
import Testing

/// UIKit views follow the view models through `observe(by:)`, on every iOS the SDK supports:
/// observers hear each change and are dropped with their owner.
@MainActor
@Suite struct InboxViewModelObservationTests {
    final class Owner {}

    @Test func anObserverHearsEachChangeWhileItsOwnerLives() async {
        let model = InboxListViewModel(context: InboxViewContext(sdk: unconfiguredSDK()))
        var owner: Owner? = Owner()
        var seen: [InboxListViewModel.State] = []
        model.observe(by: owner!) { seen.append(model.state) }

        await model.refresh()
        #expect(seen.contains(.failed(message: InboxLabels().failed)), "the view heard the failure it must show")
        let heard = seen.count

        owner = nil
        await model.refresh()
        #expect(seen.count == heard, "a released owner hears nothing more")
    }

    @Test func aDetailObserverHearsItFail() async {
        let model = InboxDetailViewModel(messageID: "m1", context: InboxViewContext(sdk: unconfiguredSDK()), open: { _ in })
        let owner = Owner()
        var changes = 0
        model.observe(by: owner) { changes += 1 }
        await model.load()
        #expect(changes >= 1)
        #expect(model.state == .failed(message: InboxLabels().failed))
    }
}
