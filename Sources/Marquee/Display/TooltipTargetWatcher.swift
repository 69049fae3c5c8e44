/// Shows tooltips when the views they point at appear, with no call from the app: it looks for the
/// identifiers of the user's tooltip campaigns in the app's views and reports each one that
/// appears to ``MarqueeSDK/viewAppeared(identifier:)``.
///
/// MarqueeUI runs one over UIKit's windows (``TooltipPresenter`` starts it); the app calls
/// nothing. Each ``step()`` does bounded work: see ``ViewTreeScan``.
@MainActor
public final class TooltipTargetWatcher<View> {
    private let sdk: MarqueeSDK
    private let tree: ViewTree<View>
    private var scan: ViewTreeScan<View>
    private var targets: Set<String> = []

    /// - Parameter budget: the most views one step visits.
    public init(sdk: MarqueeSDK, tree: ViewTree<View>, budget: Int = 400) {
        self.sdk = sdk
        self.tree = tree
        self.scan = ViewTreeScan(budget: budget)
    }

    /// One step of the walk; returns the targets that appeared (already reported to the SDK).
    /// Each walk starts with the targets the user's campaigns have then; with none, it visits nothing.
    @discardableResult
    public func step() async -> [String] {
        if scan.startsNewWalk {
            targets = await sdk.tooltipTargets()
            guard !targets.isEmpty else { return [] }
        }
        let appeared = scan.step(in: tree, wanted: targets)
        for identifier in appeared { sdk.viewAppeared(identifier: identifier) }
        return appeared
    }
}
