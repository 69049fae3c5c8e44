import MarqueeModel

/// Follows and steers what the SDK shows. Every method has a default, so implement only what you need.
@MainActor
public protocol MarqueeDelegate: AnyObject, Sendable {
    /// Whether to show `message` now, put it back in the queue, or drop it. Default: `.now`.
    func marquee(displayChoiceFor message: InAppMessage) -> DisplayChoice
    /// A chance to change the message before it is shown. Default: unchanged.
    func marquee(modify message: InAppMessage) -> InAppMessage
    /// The message is about to appear.
    func marquee(willDisplay message: InAppMessage)
    /// The message left the screen.
    func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution)
    /// An event matched no campaign trigger.
    func marquee(noMatchingTriggerFor event: Event)
    /// The user is in the control group of the campaign's experiment: `message` was due to show
    /// and was not; a control impression was recorded, so the group's conversions are measured.
    func marquee(didHoldBack message: InAppMessage)
    /// The user reached a campaign's goal within its window; the conversion is on its way to the server.
    func marquee(didConvert conversion: Conversion)
    /// A push primer asked for notification permission; `granted` is the answer.
    func marquee(didRequestPushPermission granted: Bool)
    /// Registering for remote notifications (which a push primer starts once permission is
    /// granted) ended: the device token, or why not. The app hands the outcome to the SDK from its
    /// `UIApplicationDelegate`; see ``MarqueeSDK/didRegisterForRemoteNotifications(deviceToken:)``.
    func marquee(didRegisterForPush registration: PushRegistration)
    /// Where the SDK cannot ask the system (without `UserNotifications`, or in tests): ask the
    /// user for notification permission and return whether it was granted. Default: `false`.
    func marqueeRequestsPushPermission() async -> Bool
    /// Where the SDK cannot read it from the system: whether the app may notify the user.
    /// Default: ``PushAuthorization/notDetermined``.
    func marqueePushAuthorization() -> PushAuthorization
    /// `message` was readied but dropped without being shown or counted (its display timeout was
    /// over, or its orientation does not fit the device). A later trigger may ready it again.
    func marquee(didDiscard message: InAppMessage, reason: DiscardReason)
    /// The dashboard ended this device's pairing (``MarqueeSDK/pair(code:)``): previews and debug
    /// sessions stop. Not called when the app ends it (``MarqueeSDK/endPairing()``).
    func marqueePairingDidEnd()
}

extension MarqueeDelegate {
    public func marquee(displayChoiceFor message: InAppMessage) -> DisplayChoice { .now }
    public func marquee(modify message: InAppMessage) -> InAppMessage { message }
    public func marquee(willDisplay message: InAppMessage) {}
    public func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution) {}
    public func marquee(noMatchingTriggerFor event: Event) {}
    public func marquee(didHoldBack message: InAppMessage) {}
    public func marquee(didConvert conversion: Conversion) {}
    public func marquee(didRequestPushPermission granted: Bool) {}
    public func marquee(didRegisterForPush registration: PushRegistration) {}
    public func marqueeRequestsPushPermission() async -> Bool { false }
    public func marqueePushAuthorization() -> PushAuthorization { .notDetermined }
    public func marquee(didDiscard message: InAppMessage, reason: DiscardReason) {}
    public func marqueePairingDidEnd() {}
}
