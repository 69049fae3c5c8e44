import Foundation
import MarqueeModel

/// A snapshot of what the SDK holds for the current user: for debugging screens and the simulator.
public struct MarqueeState: Sendable, Hashable {
    /// The user whose bucket is loaded.
    public var identity: UserIdentity
    public var isEnabled: Bool
    public var isPaused: Bool
    /// Whether the app is in the foreground, as ``MarqueeSDK/appDidBecomeActive()`` and
    /// ``MarqueeSDK/appWillResignActive()`` last said; nothing is shown while it is not.
    public var isInForeground: Bool
    /// When the current session started; `nil` before the first.
    public var sessionStartedAt: Date?
    /// The message on screen, if any (tooltips are in ``tooltipsOnScreen``).
    public var onScreen: InAppMessage?
    /// The tooltips on screen, oldest first: several may show at once, beside ``onScreen``.
    public var tooltipsOnScreen: [InAppMessage]
    /// The messages shown by the immediate ``DisplayCoordinator``, oldest first, beside ``onScreen``.
    public var immediateOnScreen: [InAppMessage]
    /// Messages waiting to be shown, in the order they will be shown, then waiting tooltips.
    public var queued: [InAppMessage]
    /// The user's cached campaigns, in the server's order.
    public var campaigns: [CampaignState]
    /// Impression batches waiting to be sent.
    public var pendingImpressionBatches: Int
    /// Conversions waiting to be sent.
    public var pendingConversions: Int
    /// Survey answers waiting to be sent, one per display.
    public var pendingSurveyResponses: Int = 0
    /// In-app messages pushes delivered, held on the device for ``MarqueeSDK/executeRule(_:)``,
    /// oldest first; `impressionsLeft` is the views left.
    public var heldMessages: [CampaignState]
}

/// One cached campaign and what this user has left of it.
public struct CampaignState: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var kind: MessageKind
    public var isTest: Bool
    /// Displays left for this user on this device; `nil` when unlimited.
    public var impressionsLeft: Int?
    public var isOptedOut: Bool
    /// Keys of the events its triggers listen for (`app_start`, `custom:level_up`, …).
    public var listensFor: [String]
    /// The experiment arm this user is in (a variant id or `control`); `nil` without an experiment.
    public var variant: String?
    /// The goal's event key (`purchase_successful`, `custom:signed_up`) or survey answer
    /// (``ConversionGoal/summary``), when the campaign has a goal.
    public var goal: String?
    /// Whether this user's conversion for the campaign was recorded.
    public var hasConverted: Bool
}
