/// Something a client understands beyond the base RInAppMessaging protocol.
///
/// Clients list their capabilities in the ping request (`marqueeCapabilities`). The server sends a
/// campaign only to clients that have every capability the campaign needs, so a client that
/// declares nothing receives only campaigns the base protocol can express.
public struct Capability: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Reads the `marquee` key of campaigns: the full Marquee campaign.
    public static let campaignExtension = Capability(rawValue: "campaign.extension")
    public static let bannerMessages = Capability(rawValue: "message.banner")
    public static let imageMessages = Capability(rawValue: "message.image")
    public static let videoMessages = Capability(rawValue: "message.video")
    /// Tooltips with text or buttons, or without an image: RInAppMessaging's clients draw a
    /// tooltip from its image alone.
    public static let tooltipMessages = Capability(rawValue: "message.tooltip")
    /// A header line above the title.
    public static let messageHeader = Capability(rawValue: "message.header")
    /// Templates registered by name.
    public static let messageTemplates = Capability(rawValue: "message.template")
    /// Trigger groups combined with OR.
    public static let anyTriggers = Capability(rawValue: "trigger.any")
    /// Triggers that hold from the n-th event on.
    public static let triggerOccurrences = Capability(rawValue: "trigger.occurrences")
    public static let sessionStartEvents = Capability(rawValue: "event.sessionStart")
    public static let pushClickEvents = Capability(rawValue: "event.pushClick")
    public static let viewAppearedEvents = Capability(rawValue: "event.viewAppeared")
    public static let ruleEvents = Capability(rawValue: "event.rule")
    public static let priority = Capability(rawValue: "delivery.priority")
    public static let frequencyCaps = Capability(rawValue: "delivery.frequencyCaps")
    public static let reEligibility = Capability(rawValue: "delivery.reEligibility")
    /// The `containsItem` condition operator (a specific item in a list attribute).
    public static let itemConditions = Capability(rawValue: "condition.containsItem")
    /// The `html` kind: RInAppMessaging's clients have no presenter for it and never show it.
    public static let htmlMessages = Capability(rawValue: "message.html")
    /// An SVG image: RInAppMessaging's clients decode raster images only (`UIImage`, Glide), so a
    /// modal would show without its image and a tooltip not at all.
    public static let svgImages = Capability(rawValue: "image.svg")
    /// A slide-up from the top: RInAppMessaging's clients do not support the direction (iOS shows
    /// it at the bottom without its animation, Android slides it up from the bottom).
    public static let slideFromTop = Capability(rawValue: "message.slideFromTop")
    /// Regex conditions whose pattern base clients would change: they lowercase a pattern before
    /// matching, and `\D`, `\W`, `\S`, `\B`, `\A`, `\Z` lowercased mean something else.
    public static let regexEscapes = Capability(rawValue: "condition.regexEscapes")
    /// The `carousel` kind: pages RInAppMessaging's clients have no layout for. A client that
    /// declares it reports each page's first showing in a display (``ImpressionTypeCode/pageView``).
    public static let carouselMessages = Capability(rawValue: "message.carousel")
    /// The `survey` kind: questions RInAppMessaging's clients have no layout for. A client that
    /// declares it sends each display's answers to the survey endpoint (``SurveyResponseRequest``).
    public static let surveyMessages = Capability(rawValue: "message.survey")
    /// Embedded content (channel `embedded`): campaigns shown in the app's own screens, in the
    /// placement they name. RInAppMessaging's clients have no placements, and would show the
    /// campaign over the app.
    public static let embeddedPlacements = Capability(rawValue: "placement.embedded")
    /// The App Inbox: the ping response names the inbox endpoints (``InboxEndpoints``).
    public static let inbox = Capability(rawValue: "inbox")
    /// The campaign list by reference: the ping answer names the list (``PingExtension/list``)
    /// instead of holding it, and the client reads it from `GET /v1/catalog/{digest}`, an
    /// immutable answer any HTTP cache may keep.
    public static let campaignLists = Capability(rawValue: "campaign.list")
    /// Experiments and conversion goals: the client receives a campaign with its variants,
    /// control group and goal, assigns its user with ``ExperimentAssignment`` (as the server
    /// does), reports control impressions and sends conversions. A client without it is sent
    /// only its user's variant, as a plain campaign, and nothing when its user is in the control group.
    public static let experiments = Capability(rawValue: "campaign.experiments")

    /// Everything this version of Marquee understands; the Marquee SDK declares all of it.
    public static let all: [Capability] = [
        .campaignExtension, .bannerMessages, .imageMessages, .videoMessages, .tooltipMessages, .messageHeader,
        .messageTemplates, .anyTriggers, .triggerOccurrences, .sessionStartEvents, .pushClickEvents,
        .viewAppearedEvents, .ruleEvents, .priority, .frequencyCaps, .reEligibility, .itemConditions, .regexEscapes,
        .htmlMessages, .svgImages, .slideFromTop, .inbox, .experiments, .carouselMessages, .surveyMessages,
        .embeddedPlacements, .campaignLists,
    ]
}
