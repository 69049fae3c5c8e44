/// The live channel's payloads and the pairing and debug requests: Marquee extensions, which
/// RInAppMessaging clients never see (`GET /v1/live`, `POST /v1/pair`, `POST /v1/debug`).

/// A `preview` event: a campaign as the composer holds it, saved or not, for a paired device to
/// show at once. It bypasses triggers, caps and contexts and counts nothing.
public struct LivePreview: Sendable, Hashable, Codable {
    /// The pairing it was sent to.
    public var pairing: String
    public var campaign: CampaignEnvelope

    public init(pairing: String, campaign: CampaignEnvelope) {
        self.pairing = pairing
        self.campaign = campaign
    }
}

/// A `debug` event: start sending the SDK's decisions for `session`, or stop (`session` is `nil`).
public struct LiveDebug: Sendable, Hashable, Codable {
    public var pairing: String
    public var session: String?

    public init(pairing: String, session: String?) {
        self.pairing = pairing
        self.session = session
    }
}

/// `POST /v1/pair`: the code the dashboard shows, typed in or read from its QR code.
public struct PairRequest: Sendable, Hashable, Codable {
    public var code: String

    public init(code: String) { self.code = code }
}

/// The answer to a pairing: its id and when it ends.
public struct PairResponse: Sendable, Hashable, Codable {
    public var pairing: String
    /// Milliseconds since 1970.
    public var expiresAt: Int64

    public init(pairing: String, expiresAt: Int64) {
        self.pairing = pairing
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/debug`: a few of the SDK's decisions for a debug session.
public struct DebugLogRequest: Sendable, Hashable, Codable {
    public var session: String
    public var lines: [DebugLine]

    public init(session: String, lines: [DebugLine]) {
        self.session = session
        self.lines = lines
    }
}

/// One decision of the SDK, as a debug session shows it.
public struct DebugLine: Sendable, Hashable, Codable {
    /// The device's time, in milliseconds since 1970.
    public var time: Int64
    public var kind: DebugLineKind
    public var campaignID: String?
    public var campaignName: String?
    /// The rule that decided, for ``DebugLineKind/notShown``.
    public var reason: DebugReason?
    /// The decision in words.
    public var text: String

    public init(time: Int64, kind: DebugLineKind, campaignID: String? = nil, campaignName: String? = nil,
                reason: DebugReason? = nil, text: String) {
        self.time = time
        self.kind = kind
        self.campaignID = campaignID
        self.campaignName = campaignName
        self.reason = reason
        self.text = text
    }

    /// The most bytes of `text` a line carries.
    public static let maxTextBytes = 500
    /// The most lines one request carries.
    public static let maxPerRequest = 100
}

/// What a ``DebugLine`` reports.
public enum DebugLineKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app logged an event.
    case event
    /// An event advanced a campaign's triggers without completing them.
    case triggerAdvanced
    /// A campaign's triggers are complete: it is ready to show.
    case ready
    /// A ready campaign was shown.
    case shown
    /// A ready campaign was not shown; ``DebugLine/reason`` says why.
    case notShown
    /// The device's campaigns were refreshed.
    case synced
    /// A preview was shown.
    case preview
}

/// Why a ready campaign did not show.
public enum DebugReason: String, Sendable, Hashable, Codable, CaseIterable {
    case impressionsUsedUp
    case frequencyCap
    case displayInterval
    case contextRefused
    case optedOut
    /// The campaign waits a while after each display before it may show again.
    case reEligibility
    case noPresenter
    case queueBusy
    case paused
    case outsideDates
    case notInRollout
    case notPermitted
    case heldBack
    case discardedByApp
}

extension DebugReason {
    /// The rule in words, for the debug log.
    public var summary: String {
        switch self {
        case .impressionsUsedUp: "its impressions for this user are used up"
        case .frequencyCap: "a frequency cap it shares is reached"
        case .displayInterval: "the display interval since the last message is still running"
        case .contextRefused: "the app refused its context"
        case .optedOut: "the user opted out of it"
        case .noPresenter: "no presenter is registered for its kind"
        case .queueBusy: "another message is on screen"
        case .paused: "displays are paused"
        case .outsideDates: "it is outside its start and end dates"
        case .notInRollout: "this device is outside the app's rollout"
        case .notPermitted: "the server did not permit it now"
        case .heldBack: "the user is in the experiment's control group"
        case .discardedByApp: "the app's delegate discarded it"
        case .reEligibility: "it waits a while after each display before it shows again"
        }
    }
}
