import Foundation
import MarqueeModel
import MarqueeWire

/// One SDK operation. Public calls become commands, handled one at a time in the order they were made.
enum Command: Sendable {
    case configure(subscriptionID: String?, configurationURL: URL?, enableTooltipFeature: Bool?)
    case logEvent(Event)
    /// ``MarqueeSDK/executeRule(_:)``: rule events, delivered as ``RuleDeliveryMode`` says.
    case executeRule([String])
    case registerPreference(any UserInfoProvider)
    /// Fetch the user's campaigns now rather than at the next scheduled ping, and say how it went.
    case refresh(CheckedContinuation<Result<Void, RefreshError>, Never>)
    case closeMessage(clearQueue: Bool)
    case closeTooltip(String)
    case present(Message)
    /// Keep an in-app message a push carried, for rule events.
    case holdPushMessage(Campaign)
    /// How registering for remote notifications ended, from the app's `UIApplicationDelegate`.
    case pushRegistration(PushRegistration)
    /// The app showed a campaign's message with its own UI.
    case logDisplay(InAppMessage, PresentationResult, shownAt: Date?)
    /// ``MarqueeSDK/isEnabled`` changed; ordered with the events logged around it.
    case setEnabled(Bool)
    /// ``MarqueeSDK/isPaused`` changed; ordered with the events logged around it.
    case setPaused(Bool)
    /// A presenter reported the end of display `token`.
    case finish(token: Int, result: PresentationResult)
    /// The delegate changed: it hears about displays the last launch left on screen.
    case deliverInterrupted
    /// Values for the current user's profile (``MarqueeSDK/setAttributes(_:)``).
    case updateProfile(ProfileUpdate)
    /// ``MarqueeSDK/trackingConsent`` changed; applied at once, also before `configure`.
    case setTrackingConsent(InboxTrackingConsent)
    /// A reader of ``MarqueeInbox/changes`` started: it gets the inbox now and after every change.
    case subscribeInbox(UUID, AsyncStream<InboxSnapshot>.Continuation)
    /// That reader stopped.
    case unsubscribeInbox(UUID)
    /// A reader of ``MarqueePlacements/changes(for:)`` started: it gets the placement's content now and after every change.
    case subscribePlacement(UUID, placement: String, AsyncStream<PlacementContent?>.Continuation)
    case unsubscribePlacement(UUID)
    /// A presenter's user sent a survey's answers (``RenderContext/sendSurveyAnswers(_:of:)``).
    case surveyAnswered(messageID: String, [SurveyAnswer])
    /// ``MarqueeSDK/language`` changed: pings bring one language's translations, so ask again.
    case languageChanged
    /// A placement's content was seen, or tapped (``MarqueePlacements``).
    case placementImpression(campaignID: String, CheckedContinuation<Bool, Never>)
    case placementClick(campaignID: String, buttonID: String?, CheckedContinuation<Bool, Never>)
    /// The app came to the foreground (``MarqueeSDK/appDidBecomeActive()``).
    case appDidBecomeActive
    /// The app is leaving the foreground (``MarqueeSDK/appWillResignActive()``).
    case appWillResignActive
    /// ``MarqueeSDK/liveUpdates`` changed.
    case liveSettingChanged
    /// ``MarqueeSDK/pair(code:)``.
    case pair(String, CheckedContinuation<Result<Void, PairingError>, Never>)
    /// ``MarqueeSDK/endPairing()``.
    case endPairing(CheckedContinuation<Void, Never>)
    case barrier(CheckedContinuation<Void, Never>)
}
