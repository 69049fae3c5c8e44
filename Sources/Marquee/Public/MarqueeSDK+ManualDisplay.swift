import Foundation
import MarqueeModel

extension MarqueeSDK {
    /// Counts a display that the app made with its own UI of a campaign's message: one the
    /// delegate discarded in order to show it itself, or one read from ``state()``.
    ///
    /// It counts as if a presenter had shown it: an impression for the current user (impressions
    /// left, re-eligibility, frequency caps, the goal's attribution window), sent to the server
    /// with the click, close or opt-out `result` ended with, and the event a clicked action logs.
    /// A message pushes delivered counts one of its views. Messages the app made with
    /// ``present(message:)`` are its own and stay uncounted; a message whose campaign the user
    /// does not hold is reported to ``errorCallback`` as ``MarqueeError/unknownCampaign(_:)``.
    /// - Parameter shownAt: when the message appeared; default when this is called.
    public func logDisplay(of message: InAppMessage, result: PresentationResult, shownAt: Date? = nil) {
        core.submit(.logDisplay(message, result, shownAt: shownAt))
    }
}
