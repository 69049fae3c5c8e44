/// The live channel's payloads and the pairing and debug requests: Marquee extensions, which
/// RInAppMessaging clients never see (`GET /v1/live`, `POST /v1/pair`, `POST /v1/debug`).

/// The events of the live channel, by their `event:` name.
public enum LiveEventName: String, Sendable, Hashable, CaseIterable {
    /// ``LiveCatalog``.
    case catalog
    /// ``LivePreview``.
    case preview
    /// ``LiveDebug``.
    case debug
    /// ``LiveUnpaired``.
    case unpaired
}

/// A `catalog` event: the app's campaigns changed. Its SSE `id` is the version too.
public struct LiveCatalog: Sendable, Hashable, Codable {
    /// The app's catalog version now.
    public var version: Int
    /// Ping again at a random moment within this many seconds.
    public var spread: Int

    /// Creates the event's payload.
    public init(version: Int, spread: Int) {
        self.version = version
        self.spread = spread
    }
}

/// A `preview` event: a campaign as the composer holds it, saved or not, for a paired device to
/// show at once. It bypasses triggers, caps and contexts and counts nothing.
public struct LivePreview: Sendable, Hashable, Codable {
    /// The pairing it was sent to.
    public var pairing: String
    /// The campaign, as a ping carries it (with the Marquee extension).
    public var campaign: CampaignEnvelope

    /// Creates the event's payload.
    public init(pairing: String, campaign: CampaignEnvelope) {
        self.pairing = pairing
        self.campaign = campaign
    }
}

/// A `debug` event: start sending the SDK's decisions for `session`, or stop (`session` is `nil`).
public struct LiveDebug: Sendable, Hashable, Codable {
    /// The pairing the session belongs to.
    public var pairing: String
    /// The session to send lines for; `nil` stops sending.
    public var session: String?

    /// Creates the event's payload.
    public init(pairing: String, session: String?) {
        self.pairing = pairing
        self.session = session
    }
}

/// An `unpaired` event: the pairing was ended (in the dashboard, or by the device itself), so the
/// device stops holding its channel for it.
public struct LiveUnpaired: Sendable, Hashable, Codable {
    /// The pairing that ended.
    public var pairing: String

    /// Creates the event's payload.
    public init(pairing: String) {
        self.pairing = pairing
    }
}

/// `POST /v1/pair`: the code the dashboard shows, typed in or read from its QR code.
public struct PairRequest: Sendable, Hashable, Codable {
    /// The code as typed; case, spaces and dashes do not matter.
    public var code: String

    /// Creates the request.
    public init(code: String) { self.code = code }
}

/// The answer to a pairing: its id and when it ends.
public struct PairResponse: Sendable, Hashable, Codable {
    /// The pairing's id, which ends it (`POST /v1/pair/end`).
    public var pairing: String
    /// When it ends by itself, in milliseconds since 1970.
    public var expiresAt: Int64

    /// Creates the answer.
    public init(pairing: String, expiresAt: Int64) {
        self.pairing = pairing
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/debug`: a few of the SDK's decisions for a debug session.
public struct DebugLogRequest: Sendable, Hashable, Codable {
    /// The session the dashboard started (``LiveDebug/session``).
    public var session: String
    /// At most ``DebugLine/maxPerRequest``.
    public var lines: [DebugLine]

    /// Creates the request.
    public init(session: String, lines: [DebugLine]) {
        self.session = session
        self.lines = lines
    }
}

/// One decision of the SDK, as a debug session shows it.
public struct DebugLine: Sendable, Hashable, Codable {
    /// The device's time, in milliseconds since 1970.
    public var time: Int64
    /// What the line reports.
    public var kind: DebugLineKind
    /// The campaign the decision was about, if any.
    public var campaignID: String?
    /// Its name, as the dashboard shows it.
    public var campaignName: String?
    /// The rule that decided, for ``DebugLineKind/notShown``.
    public var reason: DebugReason?
    /// The decision in words.
    public var text: String

    /// Creates a line, each text cut at a character boundary to what a line carries
    /// (``maxTextBytes``, ``maxCampaignNameBytes``, ``maxCampaignIDBytes``): the server refuses a
    /// longer one, so a line made here is always taken.
    public init(time: Int64, kind: DebugLineKind, campaignID: String? = nil, campaignName: String? = nil,
                reason: DebugReason? = nil, text: String) {
        self.time = time
        self.kind = kind
        self.campaignID = campaignID.map { $0.prefix(utf8Bytes: Self.maxCampaignIDBytes) }
        self.campaignName = campaignName.map { $0.prefix(utf8Bytes: Self.maxCampaignNameBytes) }
        self.reason = reason
        self.text = text.prefix(utf8Bytes: Self.maxTextBytes)
    }

    /// The most bytes of `text` a line carries.
    public static let maxTextBytes = 500
    /// The most bytes of ``campaignName`` a line carries.
    public static let maxCampaignNameBytes = 200
    /// The most bytes of ``campaignID`` a line carries.
    public static let maxCampaignIDBytes = 100
    /// The most lines one request carries.
    public static let maxPerRequest = 100

    /// The first field longer than a line carries, with its limit in bytes; `nil` when every
    /// field fits. A decoded line is not cut as ``init(time:kind:campaignID:campaignName:reason:text:)`` cuts one.
    public var oversizeField: (name: String, maxBytes: Int)? {
        if text.utf8.count > Self.maxTextBytes { return ("text", Self.maxTextBytes) }
        if let campaignName, campaignName.utf8.count > Self.maxCampaignNameBytes { return ("campaignName", Self.maxCampaignNameBytes) }
        if let campaignID, campaignID.utf8.count > Self.maxCampaignIDBytes { return ("campaignID", Self.maxCampaignIDBytes) }
        return nil
    }
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

/// Why a ready campaign did not show; ``summary`` says it in words.
public enum DebugReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user has seen it as often as it may show.
    case impressionsUsedUp
    /// A frequency cap it shares is reached for now.
    case frequencyCap
    /// The display interval since the last message runs.
    case displayInterval
    /// `onVerifyContext` refused the campaign's contexts.
    case contextRefused
    /// The user opted out of it.
    case optedOut
    /// The campaign waits a while after each display before it may show again.
    case reEligibility
    /// No presenter is registered for its kind (or template).
    case noPresenter
    /// Another message is on screen.
    case queueBusy
    /// The app paused displays (`isPaused`).
    case paused
    /// It is before its start or after its end.
    case outsideDates
    /// The device is outside the app's rollout.
    case notInRollout
    /// The server's display permission said no.
    case notPermitted
    /// The user is in the experiment's control group.
    case heldBack
    /// The delegate chose to discard it.
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
