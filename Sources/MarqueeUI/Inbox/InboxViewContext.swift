import Marquee
import MarqueeRender

/// What the inbox view models depend on: the inbox they show, the clock that dates its messages
/// ("2 h ago") and the words they use. Pass another inbox, a ``Marquee/ManualClock`` or other
/// ``MarqueeRender/InboxLabels`` to change any of them.
public struct InboxViewContext: Sendable {
    /// The inbox shown.
    public var inbox: MarqueeInbox
    /// The clock relative times are measured on.
    public var clock: any MarqueeClock
    /// The words the views show.
    public var labels: InboxLabels

    /// A context for the inbox of `sdk` (by default the shared instance), in the words of
    /// `labels`: by default the SDK's in the user's language, with the app's own strings in place
    /// (``Marquee/MarqueeSDK/currentInboxLabels``).
    public init(sdk: MarqueeSDK = .shared, clock: any MarqueeClock = SystemClock(), labels: InboxLabels? = nil) {
        self.inbox = sdk.inbox
        self.clock = clock
        self.labels = labels ?? sdk.currentInboxLabels
    }
}
