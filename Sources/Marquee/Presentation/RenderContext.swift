import MarqueeModel
import MarqueeRender

/// What a presenter that draws with Marquee's renderer needs from the app: its style defaults and
/// Marquee's own words in the user's language.
///
/// The SDK hands one to every ``RenderingPresenter`` it registers. It reads the SDK's settings at
/// each call, so a change to ``MarqueeSDK/styleDefaults`` applies from the next message on.
public struct RenderContext: Sendable {
    private let read: @Sendable () -> (styleDefaults: StyleDefaults, strings: RenderStrings)
    private let surveyAnswered: @Sendable (_ messageID: String, _ answers: [SurveyAnswer]) -> Void

    /// Fixed values, for a presenter used without the SDK (previews, tests).
    public init(styleDefaults: StyleDefaults = StyleDefaults(), strings: RenderStrings = .english) {
        read = { (styleDefaults, strings) }
        surveyAnswered = { _, _ in }
    }

    /// Reads `settings` and `language` at each call. The build's fonts fill in where the style
    /// defaults name none, and the app's `Localizable.strings` replaces single words. Survey
    /// answers go to `surveyAnswered`.
    init(settings: MarqueeSettings, build: BuildConfiguration, language: @escaping @Sendable () -> String,
         surveyAnswered: @escaping @Sendable (_ messageID: String, _ answers: [SurveyAnswer]) -> Void) {
        read = {
            (build.fillingFonts(of: settings.styleDefaults),
             settings.localizedStrings.strings(for: [language()]).overriding(settings.stringsBundle.appString))
        }
        self.surveyAnswered = surveyAnswered
    }

    /// Hands the SDK the answers the user just sent to the survey `message` shows, before the
    /// display ends: they count even if the thank-you page is taken down without a result.
    public func sendSurveyAnswers(_ answers: [SurveyAnswer], of message: InAppMessage) {
        surveyAnswered(message.id, answers)
    }

    /// Marquee's built-in design, in English: what a presenter uses until it is registered.
    public static let standard = RenderContext()

    /// The app's style defaults now.
    public var styleDefaults: StyleDefaults { read().styleDefaults }
    /// Marquee's own words in the user's language now.
    public var strings: RenderStrings { read().strings }

    /// Options for rendering one message with the app's style defaults and strings.
    public func options(viewport: ViewportSize? = nil, personalization: [String: String] = [:],
                        showsTooltipTarget: Bool = true) -> RenderOptions {
        let (styleDefaults, strings) = read()
        return RenderOptions(viewport: viewport, personalization: personalization, strings: strings,
                             showsTooltipTarget: showsTooltipTarget, styleDefaults: styleDefaults)
    }
}
