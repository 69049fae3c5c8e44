import Marquee
import MarqueeModel
import MarqueeRender

/// The logic of a placement view, on every platform: the content the placement shows (kept
/// current from ``Marquee/MarqueePlacements/changes(for:)``), the document to load for it, the
/// height it reported, one impression per appearance once at least half of it is on screen,
/// and the taps it reports.
@MainActor
public final class PlacementViewModel {
    /// The placement shown (`home.top`).
    public let placement: String
    /// What it shows; `nil` hides the view.
    public private(set) var content: PlacementContent? {
        didSet {
            guard content != oldValue else { return }
            // New content is a new appearance, with its own height and impression.
            height = 0
            isCounted = false
            observers.notify()
        }
    }
    /// The content's height as it last reported it, in points; 0 until it has.
    public private(set) var height: Double = 0 { didSet { if height != oldValue { observers.notify() } } }
    /// Whether this appearance of the content has counted its impression.
    public private(set) var isCounted = false
    let observers = ViewModelObservers()
    private let placements: MarqueePlacements
    private let renderContext: RenderContext

    /// A view model for `placement` of `sdk` (by default the shared instance).
    public init(placement: String, sdk: MarqueeSDK = .shared) {
        self.placement = placement
        placements = sdk.placements
        renderContext = sdk.renderContext
    }

    /// Calls `onChange` after every change of content or height, for as long as `owner` lives.
    public func observe(by owner: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        observers.add(owner: owner, onChange)
    }

    /// Keeps ``content`` current; returns when the calling task is cancelled.
    public func followChanges() async {
        for await content in placements.changes(for: placement) {
            self.content = content
        }
    }

    /// The HTML document of the current content, as embedded content (no scrim, no close
    /// control; its height reported through the bridge); `nil` when there is none.
    public func document(theme: Theme? = nil) -> String? {
        guard let content else { return nil }
        var options = renderContext.options(personalization: content.personalization)
        options.theme = theme
        options.embedding = Embedding(placement: placement)
        return HTMLRenderer(options: options).render(content.message)
    }

    /// Where the content is and what of the screen is visible, in the same coordinates: the
    /// first time in an appearance that at least half of it is on screen, its impression is
    /// recorded. Returns whether this call recorded it.
    @discardableResult
    public func visibilityChanged(content frame: PlacementVisibility.Frame, visible: PlacementVisibility.Frame) async -> Bool {
        guard let content, height > 0, !isCounted, PlacementVisibility.countsAsSeen(content: frame, visible: visible) else { return false }
        isCounted = true
        return await placements.recordImpression(content)
    }

    /// The view left the screen: its next appearance counts again.
    public func disappeared() {
        isCounted = false
    }

    /// What the content's bridge posted: its height, or a tap, which is recorded. Returns the
    /// action the view should run (open its URL), if any.
    public func receive(_ bridge: BridgeMessage) async -> MessageAction? {
        guard let content else { return nil }
        switch bridge {
        case .resized(let height):
            self.height = height
            return nil
        case .buttonTapped(let id, _):
            await placements.recordClick(content, buttonID: id)
        case .contentClicked, .linkActivated:
            await placements.recordClick(content)
        case .closed, .optOutToggled, .pageViewed, .surveyAnswered:
            return nil
        }
        return bridge.action(in: content.message)
    }
}
