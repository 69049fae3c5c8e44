import Foundation
import MarqueeModel

/// The display watchdog: a presenter that loses its message without saying so (its view
/// controller dismissed by the app, a presentation UIKit refused) or that never calls its
/// completion must not hold the message slot until the app is relaunched. Every
/// ``MarqueeSDK/displayCheckInterval`` the SDK asks the presenter whether the message still shows
/// (``MessagePresenter/isShowing(_:)``); once it does not, or once ``MarqueeSDK/maximumDisplayDuration``
/// is over, the display ends as interrupted, uncounted, and the queue moves on.
extension MarqueeCore {
    /// Schedules the next check of display `token`, shown at `shownAt`: after the check interval,
    /// or at the maximum duration's end if that comes first.
    func scheduleDisplayCheck(token: Int, shownAt: Date) {
        var next = now.addingTimeInterval(settings.displayCheckInterval)
        if let maximum = settings.maximumDisplayDuration { next = min(next, shownAt.addingTimeInterval(maximum)) }
        schedule(.displayCheck(token: token), at: max(next, now))
    }

    /// ``Job/displayCheck(token:)``: ends display `token` when its presenter no longer shows it or
    /// its time is over; else checks again later.
    func checkDisplay(token: Int) async {
        guard let current = scheduler.display(token), let presenter = current.presenter, let shownAt = current.shownAt else { return }
        let message = current.message
        let overdue = settings.maximumDisplayDuration.map { now >= shownAt.addingTimeInterval($0) } ?? false
        let showing = await MainActor.run { presenter.isShowing(message) }
        // It may have ended while the presenter was asked.
        guard scheduler.display(token) != nil else { return }
        guard overdue || !showing else { return scheduleDisplayCheck(token: token, shownAt: shownAt) }
        let why = showing ? "it was on screen longer than the maximum display duration"
                          : "its presenter no longer shows it and did not say so"
        environment.log("Marquee: \(message.campaignName) ended as interrupted: \(why)")
        await takeDown(token)
    }
}
