import MarqueeModel

/// The fixed CSS: shared rules and one block per kind.
extension MessageStylesheet {
    /// Shared rules. Text that may reach the top of a card (media above it can be missing or
    /// fail to load) keeps clear of the close control, 44 px wide and 6 px from the edge.
    static let base = """
    *, *::before, *::after { box-sizing: border-box; }
    html, body { margin: 0; padding: 0; height: 100%; background: transparent; -webkit-text-size-adjust: 100%; }
    body { overflow: hidden; font-family: var(--mq-body-font); }
    .mq-root { position: fixed; inset: 0; display: flex; pointer-events: none; }
    .mq-card { position: relative; display: flex; flex-direction: column; pointer-events: auto; overflow: hidden; background-color: var(--mq-background); border: 2px solid var(--mq-frame); box-shadow: var(--mq-shadow); color: var(--mq-body); }
    .mq-card:focus { outline: none; }
    .mq-card[data-marquee-action="content"] { cursor: pointer; }
    .mq-content { display: flex; flex-direction: column; min-width: 0; }
    .mq-text { padding: 20px 20px 12px; overflow-wrap: anywhere; }
    .mq-header { margin: 0 0 4px; color: var(--mq-header); font: 600 0.8125rem/1.3 var(--mq-title-font); letter-spacing: 0.02em; }
    .mq-title { margin: 0 0 6px; color: var(--mq-title); font: 700 1.25rem/1.25 var(--mq-title-font); }
    .mq-body { margin: 0; color: var(--mq-body); font: 400 1rem/1.45 var(--mq-body-font); white-space: pre-line; }
    .mq-media { position: relative; flex: 0 1 auto; min-height: 0; overflow: hidden; }
    .mq-media img, .mq-media video { display: block; width: 100%; height: 100%; max-height: 60vh; }
    .mq-buttons { display: flex; gap: 8px; padding: 0 20px 20px; }
    .mq-button { flex: 1 1 0; min-width: 0; min-height: 44px; padding: 10px 16px; border: 0; border-radius: 10px; font: 600 1rem/1.2 var(--mq-button-font); cursor: pointer; overflow-wrap: anywhere; }
    .mq-close { position: absolute; top: 6px; inset-inline-end: 6px; z-index: 2; width: 44px; height: 44px; padding: 0; border: 0; border-radius: 50%; background: transparent; color: var(--mq-title); font: 400 1.75rem/1 var(--mq-body-font); opacity: 0.72; cursor: pointer; }
    .mq-close:hover { opacity: 1; }
    .mq-close ~ .mq-content > .mq-text, .mq-close ~ .mq-survey > .mq-text, .mq-close ~ .mq-pages .mq-page > .mq-text { padding-inline-end: 56px; }
    .mq-close ~ .mq-survey > .mq-text:empty { padding-top: 44px; }
    .mq-opt-out { display: flex; align-items: center; gap: 8px; padding: 0 20px 14px; color: var(--mq-body); font: 400 0.875rem/1.3 var(--mq-body-font); cursor: pointer; }
    .mq-opt-out input { width: 20px; height: 20px; margin: 0; accent-color: var(--mq-title); }
    .mq-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    :focus-visible { outline: 3px solid var(--mq-focus); outline-offset: 2px; }
    @keyframes mq-from-bottom { from { transform: translateY(120%); } to { transform: none; } }
    @keyframes mq-from-top { from { transform: translateY(-120%); } to { transform: none; } }
    @keyframes mq-from-left { from { transform: translateX(-120%); } to { transform: none; } }
    @keyframes mq-from-right { from { transform: translateX(120%); } to { transform: none; } }
    @keyframes mq-pop { from { opacity: 0; transform: scale(0.96); } to { opacity: 1; transform: none; } }
    @media (prefers-reduced-motion: reduce) { *, *::before, *::after { animation: none !important; transition: none !important; } }
    """

    /// Embedded content: the card in the flow of the page, as wide as its place and as tall as
    /// its content, with nothing over the app.
    static let embedded = """
    html, body { height: auto; }
    body { overflow: visible; }
    .mq-root.mq-embedded { position: static; display: block; padding: 0; background: transparent; pointer-events: auto; }
    .mq-embedded .mq-card { width: 100%; max-width: none; max-height: none; overflow: visible; animation: none; box-shadow: none; }
    """

    /// A mock app screen around embedded content, for previews.
    static let appScreen = """
    body { background: #F2F4F7; }
    .mq-app-screen { display: flex; flex-direction: column; gap: 12px; padding: 0 16px 16px; min-height: 100vh; }
    .mq-app-bar { margin: 0 -16px; padding: 14px 16px; background: #FFFFFF; border-bottom: 1px solid #D0D5DD; color: #101828; font: 600 1.0625rem/1.2 system-ui, sans-serif; }
    .mq-placement-name { margin: 0 0 -8px; color: #475467; font: 500 0.75rem/1.2 ui-monospace, monospace; }
    .mq-app-row { height: 64px; border-radius: 12px; background: #E4E7EC; }
    """

    static func rules(for kind: MessageKind) -> String {
        switch kind {
        case .modal: modal + "\n" + orientation
        case .fullScreen: fullScreen + "\n" + orientation
        case .slideUp: slideUp
        case .banner: banner
        case .image: image + "\n" + mediaCaption
        case .video: video + "\n" + mediaCaption
        case .html: html
        case .tooltip: tooltip
        case .carousel: carousel
        case .survey: survey
        }
    }

    /// A modal card of questions, then its thank-you page; answers take the message's colours.
    private static let survey = """
    .mq-kind-survey { align-items: center; justify-content: center; padding: 24px; background: var(--mq-scrim); pointer-events: auto; }
    .mq-kind-survey .mq-card { width: 100%; max-width: 440px; max-height: 100%; border-radius: 16px; overflow: auto; animation: mq-pop 0.2s ease-out; }
    .mq-survey[hidden], .mq-thanks[hidden], .mq-survey-error[hidden] { display: none; }
    .mq-questions { display: flex; flex-direction: column; gap: 14px; padding: 0 20px 14px; }
    .mq-question { min-width: 0; margin: 0; padding: 0; border: 0; }
    .mq-prompt { padding: 0; margin: 0 0 8px; color: var(--mq-title); font: 600 1rem/1.35 var(--mq-title-font); overflow-wrap: anywhere; }
    .mq-required { color: var(--mq-focus); }
    .mq-question[aria-invalid="true"] .mq-prompt { text-decoration: underline wavy var(--mq-focus); }
    .mq-choices { display: flex; flex-direction: column; gap: 6px; }
    .mq-choice { display: flex; align-items: center; gap: 10px; min-height: 44px; padding: 8px 12px; border: 1px solid var(--mq-frame); border-radius: 10px; color: var(--mq-body); font: 400 1rem/1.3 var(--mq-body-font); cursor: pointer; overflow-wrap: anywhere; }
    .mq-choice input { width: 20px; height: 20px; margin: 0; flex: none; accent-color: var(--mq-title); }
    .mq-scale { display: flex; gap: 4px; }
    .mq-score { position: relative; flex: 1 1 0; min-width: 0; }
    .mq-score input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
    .mq-score span { display: flex; align-items: center; justify-content: center; min-height: 44px; border: 1px solid var(--mq-frame); border-radius: 8px; color: var(--mq-body); font: 600 0.9375rem/1 var(--mq-body-font); }
    .mq-score input:checked + span { background: var(--mq-title); border-color: var(--mq-title); color: var(--mq-background); }
    .mq-score input:focus-visible + span { outline: 3px solid var(--mq-focus); outline-offset: 2px; }
    .mq-scale-ends { display: flex; justify-content: space-between; margin-top: 4px; color: var(--mq-body); font: 400 0.75rem/1.2 var(--mq-body-font); opacity: 0.8; }
    .mq-answer-text { display: block; width: 100%; min-height: 72px; padding: 10px 12px; border: 1px solid var(--mq-frame); border-radius: 10px; background: transparent; color: var(--mq-body); font: 400 1rem/1.4 var(--mq-body-font); resize: vertical; }
    .mq-survey-error { margin: 0; padding: 0 20px 12px; color: var(--mq-focus); font: 600 0.875rem/1.3 var(--mq-body-font); }
    .mq-submit { background: var(--mq-title); color: var(--mq-background); }
    .mq-thanks { padding-top: 28px; text-align: center; }
    .mq-thanks .mq-title { padding: 0 56px; }
    .mq-thanks .mq-body { padding: 0 20px 16px; }
    .mq-thanks .mq-button { background: var(--mq-title); color: var(--mq-background); }
    .mq-choice, .mq-score span, .mq-answer-text { border-color: color-mix(in srgb, var(--mq-body) 32%, transparent); }
    """

    /// A modal card of pages: one shown at a time, arrows and dots below.
    private static let carousel = """
    .mq-kind-carousel { align-items: center; justify-content: center; padding: 24px; background: var(--mq-scrim); pointer-events: auto; }
    .mq-kind-carousel .mq-card { width: 100%; max-width: 420px; max-height: 100%; border-radius: 16px; overflow: auto; animation: mq-pop 0.2s ease-out; touch-action: pan-y; }
    .mq-pages { position: relative; }
    .mq-page[hidden] { display: none; }
    .mq-page { animation: mq-pop 0.15s ease-out; }
    .mq-pager { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 0 12px 14px; }
    .mq-arrow { width: 44px; height: 44px; padding: 0; border: 0; border-radius: 50%; background: transparent; color: var(--mq-title); font: 400 1.75rem/1 var(--mq-body-font); cursor: pointer; }
    .mq-arrow:disabled { opacity: 0.3; cursor: default; }
    .mq-dots { display: flex; gap: 4px; }
    .mq-dot { width: 24px; height: 24px; padding: 0; border: 0; background: transparent; cursor: pointer; }
    .mq-dot::before { content: ""; display: block; width: 8px; height: 8px; margin: auto; border-radius: 50%; background: var(--mq-body); opacity: 0.35; }
    .mq-dot[aria-current="true"]::before { opacity: 1; background: var(--mq-title); }
    """

    private static let modal = """
    .mq-kind-modal { align-items: center; justify-content: center; padding: 24px; background: var(--mq-scrim); pointer-events: auto; }
    .mq-kind-modal .mq-card { width: 100%; max-width: 420px; max-height: 100%; border-radius: 16px; overflow: auto; animation: mq-pop 0.2s ease-out; }
    .mq-kind-modal.mq-layout-landscape .mq-card { max-width: 640px; }
    """

    private static let fullScreen = """
    .mq-kind-fullScreen { pointer-events: auto; }
    .mq-kind-fullScreen .mq-card { width: 100%; height: 100%; border-width: 0; padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); }
    .mq-kind-fullScreen .mq-media { flex: 1 1 auto; }
    .mq-kind-fullScreen .mq-media img { max-height: none; }
    .mq-kind-fullScreen .mq-text { padding-top: 24px; }
    """

    /// Landscape puts media beside the text; `any` decides in the browser. The close control
    /// then sits over the media, leaving the narrow text column its whole width.
    private static let orientation = """
    .mq-layout-landscape .mq-card { flex-direction: row; }
    .mq-layout-landscape .mq-media { flex: 1 1 50%; }
    .mq-layout-landscape .mq-media img { max-height: none; }
    .mq-layout-landscape .mq-content { flex: 1 1 50%; justify-content: center; overflow: auto; }
    .mq-layout-landscape .mq-card:has(> .mq-media) > .mq-close { inset-inline-end: auto; inset-inline-start: 6px; }
    .mq-layout-landscape .mq-media ~ .mq-content > .mq-text { padding-inline-end: 20px; }
    @media (orientation: landscape) {
      .mq-layout-any .mq-card { flex-direction: row; }
      .mq-layout-any .mq-media { flex: 1 1 50%; }
      .mq-layout-any .mq-media img { max-height: none; }
      .mq-layout-any .mq-content { flex: 1 1 50%; justify-content: center; overflow: auto; }
      .mq-layout-any .mq-card:has(> .mq-media) > .mq-close { inset-inline-end: auto; inset-inline-start: 6px; }
      .mq-layout-any .mq-media ~ .mq-content > .mq-text { padding-inline-end: 20px; }
    }
    """

    /// Edges are physical (a left slide comes from the left in RTL too), so the card is placed
    /// with physical auto margins rather than flex alignment, which follows the text direction.
    private static let slideUp = """
    .mq-kind-slideUp { padding: 12px; }
    .mq-kind-slideUp .mq-card { width: 100%; max-width: 480px; border-radius: 14px; }
    .mq-kind-slideUp .mq-row { display: flex; align-items: center; gap: 12px; padding: 14px; padding-inline-end: 56px; }
    .mq-kind-slideUp .mq-media { flex: 0 0 64px; width: 64px; height: 64px; border-radius: 10px; }
    .mq-kind-slideUp .mq-text { flex: 1 1 auto; min-width: 0; padding: 0; }
    .mq-kind-slideUp .mq-title { font-size: 1.0625rem; }
    .mq-kind-slideUp .mq-buttons { padding: 0 14px 14px; }
    .mq-kind-slideUp .mq-opt-out { padding: 0 14px 12px; }
    .mq-slide-bottom .mq-card { margin: auto auto 0; animation: mq-from-bottom 0.3s ease-out; }
    .mq-slide-top .mq-card { margin: 0 auto auto; animation: mq-from-top 0.3s ease-out; }
    .mq-slide-left .mq-card { max-width: 360px; margin: auto auto auto 0; animation: mq-from-left 0.3s ease-out; }
    .mq-slide-right .mq-card { max-width: 360px; margin: auto 0 auto auto; animation: mq-from-right 0.3s ease-out; }
    """

    private static let banner = """
    .mq-kind-banner { flex-direction: column; }
    .mq-banner-top { justify-content: flex-start; }
    .mq-banner-bottom { justify-content: flex-end; }
    .mq-kind-banner .mq-card { width: 100%; border-width: 0; border-radius: 0; background-size: cover; background-position: center; }
    .mq-banner-top .mq-card { padding-top: env(safe-area-inset-top); border-bottom-width: 2px; animation: mq-from-top 0.25s ease-out; }
    .mq-banner-bottom .mq-card { padding-bottom: env(safe-area-inset-bottom); border-top-width: 2px; animation: mq-from-bottom 0.25s ease-out; }
    .mq-kind-banner .mq-row { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; padding: 12px 16px; padding-inline-end: 56px; }
    .mq-icon { flex: 0 0 auto; font-size: 1.5rem; line-height: 1; }
    .mq-kind-banner .mq-text { flex: 1 1 12em; min-width: 0; padding: 0; }
    .mq-kind-banner .mq-title { margin: 0 0 2px; font-size: 1rem; }
    .mq-kind-banner .mq-body { font-size: 0.9375rem; }
    .mq-kind-banner .mq-buttons { flex: 0 1 auto; padding: 0; }
    .mq-kind-banner .mq-button { min-height: 36px; padding: 8px 14px; font-size: 0.9375rem; }
    .mq-kind-banner .mq-close { top: 50%; margin-top: -22px; }
    .mq-kind-banner .mq-opt-out { padding: 0 16px 10px; }
    """

    /// The card is never shorter than its close control, so a message whose image fails to load
    /// still shows a tappable close button instead of clipping it.
    private static let image = """
    .mq-kind-image { align-items: center; justify-content: center; padding: 24px; background: var(--mq-scrim); pointer-events: auto; }
    .mq-kind-image .mq-card { width: 100%; max-width: 480px; min-height: 56px; max-height: 100%; border-radius: 16px; overflow: auto; animation: mq-pop 0.2s ease-out; }
    .mq-kind-image .mq-media img { max-height: 80vh; }
    .mq-kind-image .mq-close { background: rgba(0, 0, 0, 0.45); color: #FFFFFF; opacity: 1; }
    .mq-kind-image .mq-opt-out { padding: 12px 12px 0; }
    .mq-kind-image .mq-buttons { padding: 12px; }
    """

    /// The caption of an image or video with a body: two lines of it until a tap expands it.
    private static let mediaCaption = """
    .mq-caption { padding: 12px 16px; cursor: pointer; }
    .mq-caption .mq-body { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
    .mq-caption[data-expanded] .mq-body { display: block; -webkit-line-clamp: none; overflow: visible; }
    """

    private static let video = """
    .mq-kind-video { align-items: center; justify-content: center; padding: 24px; background: var(--mq-scrim); pointer-events: auto; }
    .mq-kind-video .mq-card { width: 100%; max-width: 640px; max-height: 100%; border-radius: 16px; overflow: auto; }
    .mq-kind-video .mq-media video { max-height: 70vh; background: #000000; object-fit: contain; }
    .mq-kind-video .mq-unavailable { padding: 48px 20px; text-align: center; }
    .mq-kind-video .mq-close { background: rgba(0, 0, 0, 0.45); color: #FFFFFF; opacity: 1; }
    .mq-kind-video .mq-opt-out { padding: 12px 12px 0; }
    .mq-kind-video .mq-buttons { padding: 12px; }
    """

    private static let html = """
    .mq-kind-html { pointer-events: auto; }
    .mq-kind-html .mq-card { width: 100%; height: 100%; border-width: 0; box-shadow: none; }
    .mq-frame { display: block; flex: 1 1 auto; width: 100%; min-height: 0; border: 0; background: transparent; }
    .mq-kind-html .mq-close { background: rgba(0, 0, 0, 0.45); color: #FFFFFF; opacity: 1; }
    .mq-footer { flex: 0 0 auto; padding-top: 12px; }
    """

    /// A three-by-three grid with the target in the middle; the position picks the bubble's cell,
    /// and the arrow sits on the edge that faces the target. Positions are physical, so the grid
    /// is laid out left to right even in RTL documents (the bubble's `dir` attribute keeps its text's
    /// direction).
    private static let tooltip = """
    .mq-kind-tooltip { align-items: center; justify-content: center; padding: 16px; }
    .mq-stage { display: grid; grid-template-columns: auto auto auto; grid-template-rows: auto auto auto; align-items: center; justify-items: center; gap: 14px; direction: ltr; }
    .mq-anchor { grid-area: 2 / 2; min-width: 96px; padding: 10px 14px; border: 2px dashed var(--mq-anchor); border-radius: 8px; color: var(--mq-anchor); font: 500 0.8125rem/1.2 ui-monospace, Menlo, monospace; text-align: center; }
    .mq-kind-tooltip .mq-card { max-width: 280px; border-radius: 12px; overflow: visible; }
    .mq-kind-tooltip .mq-text { padding: 12px 14px; padding-inline-end: 40px; }
    .mq-kind-tooltip .mq-title { margin: 0 0 2px; font-size: 1rem; }
    .mq-kind-tooltip .mq-body { font-size: 0.9375rem; }
    .mq-kind-tooltip .mq-close { top: 2px; inset-inline-end: 2px; width: 36px; height: 36px; font-size: 1.375rem; }
    .mq-kind-tooltip .mq-media { height: 120px; border-radius: 10px 10px 0 0; }
    .mq-kind-tooltip .mq-buttons { padding: 0 12px 12px; }
    .mq-kind-tooltip .mq-opt-out { padding: 0 14px 10px; }
    .mq-arrow { position: absolute; width: 14px; height: 14px; background-color: var(--mq-background); border: 2px solid var(--mq-frame); transform: rotate(45deg); }
    .mq-tip-top-left .mq-card { grid-area: 1 / 1; align-self: end; justify-self: end; }
    .mq-tip-top-center .mq-card { grid-area: 1 / 2; align-self: end; }
    .mq-tip-top-right .mq-card { grid-area: 1 / 3; align-self: end; justify-self: start; }
    .mq-tip-bottom-left .mq-card { grid-area: 3 / 1; align-self: start; justify-self: end; }
    .mq-tip-bottom-center .mq-card { grid-area: 3 / 2; align-self: start; }
    .mq-tip-bottom-right .mq-card { grid-area: 3 / 3; align-self: start; justify-self: start; }
    .mq-tip-left .mq-card { grid-area: 2 / 1; justify-self: end; }
    .mq-tip-right .mq-card { grid-area: 2 / 3; justify-self: start; }
    .mq-tip-top-left .mq-arrow, .mq-tip-top-center .mq-arrow, .mq-tip-top-right .mq-arrow { bottom: -8px; border-top-width: 0; border-left-width: 0; }
    .mq-tip-bottom-left .mq-arrow, .mq-tip-bottom-center .mq-arrow, .mq-tip-bottom-right .mq-arrow { top: -8px; border-bottom-width: 0; border-right-width: 0; }
    .mq-tip-top-left .mq-arrow, .mq-tip-bottom-left .mq-arrow { right: 16px; }
    .mq-tip-top-center .mq-arrow, .mq-tip-bottom-center .mq-arrow { left: 50%; margin-left: -7px; }
    .mq-tip-top-right .mq-arrow, .mq-tip-bottom-right .mq-arrow { left: 16px; }
    .mq-tip-left .mq-arrow { right: -8px; top: 50%; margin-top: -7px; border-bottom-width: 0; border-left-width: 0; }
    .mq-tip-right .mq-arrow { left: -8px; top: 50%; margin-top: -7px; border-top-width: 0; border-right-width: 0; }
    """
}
