/// A presenter that draws messages with Marquee's renderer (HTML or terminal).
///
/// ``MarqueeSDK/register(presenter:for:)`` and ``MarqueeSDK/registerTemplate(named:presenter:)``
/// set ``renderContext``, so the presenter renders with the app's ``MarqueeSDK/styleDefaults``
/// and Marquee's words in the user's language. Build each display's options with
/// ``RenderContext/options(viewport:personalization:showsTooltipTarget:)``.
@MainActor
public protocol RenderingPresenter: MessagePresenter {
    /// Where the presenter reads the app's style defaults and strings; ``RenderContext/standard``
    /// until the presenter is registered.
    var renderContext: RenderContext { get set }
}
