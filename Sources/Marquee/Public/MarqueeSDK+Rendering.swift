import Foundation
import MarqueeRender

extension MarqueeSDK {
    /// The app's look for in-app messages: a ``MessageStyle`` for all kinds and one per kind
    /// (padding, maximum size, corner radius, fonts, text colours, buttons, close icon).
    ///
    /// Campaign values win over these (see ``StyleDefaults`` for the order), and these over the
    /// fonts the app's Info.plist names (``BuildConfiguration``). Values out of range
    /// are clamped when messages are drawn; each time the defaults are set, every such value is
    /// reported to ``errorCallback`` as ``MarqueeError/invalidStyle(_:)``. A change applies from
    /// the next message on. Read by every ``RenderingPresenter`` the SDK registers.
    ///
    /// ```swift
    /// var defaults = StyleDefaults()
    /// defaults.all.title.fontName = "Avenir Next"
    /// defaults[.modal].maxWidth = 360
    /// MarqueeSDK.shared.styleDefaults = defaults
    /// ```
    public var styleDefaults: StyleDefaults {
        get { settings.styleDefaults }
        set {
            settings.styleDefaults = newValue
            for problem in newValue.problems { core.report(.invalidStyle(problem.description)) }
        }
    }

    /// Marquee's own words (close, "Don't show this again", video unavailable) per language.
    /// English, German, French and Japanese are built in; add or replace one with
    /// `MarqueeSDK.shared.localizedStrings["es"] = RenderStrings(...)`.
    public var localizedStrings: LocalizedRenderStrings {
        get { settings.localizedStrings }
        set { settings.localizedStrings = newValue }
    }

    /// The App Inbox views' words per language. English, German, French and Japanese are built
    /// in; add or replace one with `MarqueeSDK.shared.inboxLabels["es"] = …`.
    public var inboxLabels: LanguageTable<InboxLabels> {
        get { settings.inboxLabels }
        set { settings.inboxLabels = newValue }
    }

    /// The App Inbox views' words now: those of ``language`` (English as the last resort), with
    /// any word the app's `Localizable.strings` sets in its place (``stringsBundle``).
    public var currentInboxLabels: InboxLabels {
        settings.inboxLabels.value(for: [core.messageLanguage], fallback: InboxLabels()).overriding(settings.stringsBundle.appString)
    }

    /// The bundle whose `Localizable.strings` may replace Marquee's words one by one, in every
    /// language (the keys ``MarqueeRender/RenderStrings/stringsKeys`` and
    /// ``MarqueeRender/InboxLabels/stringsKeys`` list): the app's main bundle by default.
    public var stringsBundle: Bundle {
        get { settings.stringsBundle }
        set { settings.stringsBundle = newValue }
    }

    /// The language messages are shown in, as a BCP 47 tag (`"de"`, `"pt-BR"`): the campaign's
    /// translation for it (`de-CH` falls back to `de`, then to the campaign's own text) and
    /// Marquee's own words. `nil`, the default, follows the app's language (the environment's
    /// ``AppInfo/locale``, else the current locale). Marquee's words fall back to English.
    /// Pings bring campaigns in this language only, so a change asks for them again.
    public var language: String? {
        get { settings.language }
        set {
            let changed = settings.language != newValue
            settings.language = newValue
            if changed { core.submit(.languageChanged) }
        }
    }

    /// The context registered presenters render with, and placement views too: the app's style
    /// defaults and Marquee's words in the user's language.
    public var renderContext: RenderContext {
        RenderContext(settings: settings, build: core.environment.buildConfiguration, language: { [core] in core.messageLanguage },
                      surveyAnswered: { [core] id, answers in core.submit(.surveyAnswered(messageID: id, answers)) })
    }

    /// Hands `presenter` the app's style defaults and strings when it draws with Marquee's renderer.
    @MainActor func attachRendering(to presenter: any MessagePresenter) {
        guard let rendering = presenter as? any RenderingPresenter else { return }
        rendering.renderContext = renderContext
    }
}
