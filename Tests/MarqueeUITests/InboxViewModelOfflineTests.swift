import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeUI
import Testing

/// The view models with an SDK that has no server yet: their failure states and the badge text.
/// The flows against a live server are in EndToEndTests (`InboxViewModelTests`).
@MainActor
@Suite struct InboxViewModelOfflineTests {
    @Test func aListThatCannotLoadSaysSoInTheAppsWords() async {
        var labels = InboxLabels()
        labels.failed = "Impossible de charger vos messages."
        let model = InboxListViewModel(context: InboxViewContext(sdk: unconfiguredSDK(), labels: labels))
        #expect(model.state == .loading)
        await model.refresh()
        #expect(model.state == .failed(message: "Impossible de charger vos messages."))
        #expect(model.lastError == .unavailable)
    }

    @Test func aDetailThatCannotLoadSaysSoAndOpensNothing() async {
        let opened = OpenedActions()
        let model = InboxDetailViewModel(messageID: "m1", context: InboxViewContext(sdk: unconfiguredSDK()), open: opened.open)
        await model.load()
        #expect(model.state == .failed(message: InboxLabels().failed))
        #expect(model.lastError == .unavailable)
        #expect(opened.actions.isEmpty)
    }

    @Test func theBadgeCountsUpToItsLimit() {
        let model = InboxButtonViewModel(context: InboxViewContext(sdk: unconfiguredSDK()))
        #expect(model.badge == nil, "nothing unread, no badge")
        #expect(model.unreadDescription == "0 unread")
        #expect(InboxButtonViewModel.badgeText(for: 7) == "7")
        #expect(InboxButtonViewModel.badgeText(for: 99) == "99")
        #expect(InboxButtonViewModel.badgeText(for: 100) == "99+")
        #expect(model.title == "Inbox")
    }
}
