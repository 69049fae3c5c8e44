import Foundation
import MarqueeModel
import MarqueeRender

/// A message on its way to the screen, as presenters and the delegate see it.
public struct InAppMessage: Sendable, Hashable, Identifiable {
    /// The campaign's identifier (a generated one for locally created messages).
    public var id: String
    /// The campaign's name, contexts included.
    public var campaignName: String
    /// What to show. The delegate may change it before display.
    public var message: Message
    /// The campaign's contexts: the texts in square brackets in its name.
    public var contexts: [String]
    /// Whether this is a test campaign.
    public var isTest: Bool
    /// Whether the app created this message with ``MarqueeSDK/present(message:)`` (no analytics).
    public var isLocal: Bool
    /// Whether this is a preview the dashboard sent a paired device (``MarqueeSDK/pair(code:)``):
    /// shown at once, counted nowhere.
    public var isPreview = false
    /// The experiment variant this message is, when its campaign runs an experiment.
    public var variant: String?
    /// Values for placeholders such as `%%first_name%%` when the message was readied: the user's
    /// ``UserInfoProvider/attributes`` over the values the server keeps for the user. Presenters
    /// lay them over their own defaults.
    public var personalization: [String: String] = [:]
    /// The device's copies of the message's images and video, by the URL the message names
    /// (fetched after each ping; see ``MarqueeSDK/assetCacheLimit``). Presenters show these
    /// instead of downloading again; ``inlineImages()`` reads the images for rendering.
    public var cachedAssets: [String: URL] = [:]

    /// Creates a message value.
    public init(id: String, campaignName: String, message: Message, contexts: [String] = [],
                isTest: Bool = false, isLocal: Bool = false, variant: String? = nil) {
        self.id = id
        self.campaignName = campaignName
        self.message = message
        self.contexts = contexts
        self.isTest = isTest
        self.isLocal = isLocal
        self.variant = variant
    }

    /// What placeholders fill from when a presenter with `defaults` shows this message: the
    /// message's own values (the user's attributes) win over the presenter's; an empty value
    /// counts as none, so it leaves the presenter's in place.
    public func personalization(over defaults: [String: String]) -> [String: String] {
        defaults.merging(personalization.filter { !$0.value.isEmpty }) { _, own in own }
    }

    /// The held images among ``cachedAssets``, for ``MarqueeRender/RenderOptions/inlineImages``:
    /// the rendered message carries them and loads nothing over the network.
    public func inlineImages() -> [String: InlineImage] {
        cachedAssets.compactMapValues { file in
            guard let data = try? Data(contentsOf: file) else { return nil }
            return InlineImage(data: data)
        }
    }

    init(campaign: Campaign, isLocal: Bool = false) {
        self.init(id: campaign.id, campaignName: campaign.name, message: campaign.message,
                  contexts: campaign.contexts, isTest: campaign.isTest, isLocal: isLocal)
    }
}

/// How a display ended.
public enum DisplayResolution: Sendable, Hashable {
    /// A button was tapped; `id` is the button's identifier.
    case buttonClick(id: String)
    /// The message outside its buttons was tapped.
    case contentClick
    /// The user closed the message.
    case userDismissed
    /// The message closed by itself after its time ran out.
    case timedOut
    /// The message was taken off screen by the app or the system (no impression is counted).
    case interrupted
}

/// What a presenter reports when a display ends.
public struct PresentationResult: Sendable, Hashable {
    public var resolution: DisplayResolution
    /// Whether the user ticked "don't show this again".
    public var optedOut: Bool
    /// The pages of a carousel the user saw, from 0, each once, in the order they first showed.
    public var viewedPages: [Int]
    /// The answers the user sent to a survey, as given; `nil` when they sent none. The SDK
    /// checks them against the survey before they go to the server.
    public var surveyAnswers: [SurveyAnswer]?

    /// Creates a result.
    public init(_ resolution: DisplayResolution, optedOut: Bool = false, viewedPages: [Int] = [],
                surveyAnswers: [SurveyAnswer]? = nil) {
        self.resolution = resolution
        self.optedOut = optedOut
        self.viewedPages = viewedPages
        self.surveyAnswers = surveyAnswers
    }
}

/// The delegate's answer when a message is about to be shown.
public enum DisplayChoice: Sendable, Hashable {
    /// Show it now.
    case now
    /// Put it back in the queue and try again after the display interval.
    case reenqueue
    /// Drop it without showing it.
    case discard
}

/// The order of messages with the same priority in the display queue.
public enum QueueOrder: Sendable, Hashable {
    /// First triggered, first shown (RInAppMessaging).
    case fifo
    /// Last triggered, first shown (Braze).
    case lifo
}
