import MarqueeModel

/// How to walk an app's views: its roots, each view's children, identifier and visibility.
/// UIKit's is in MarqueeUI; tests use a tree of their own.
@MainActor
public struct ViewTree<View> {
    public var roots: () -> [View]
    public var children: (View) -> [View]
    public var identifier: (View) -> String?
    /// Whether the view can be seen; a hidden view's children are not visited.
    public var isVisible: (View) -> Bool

    public init(roots: @escaping () -> [View], children: @escaping (View) -> [View],
                identifier: @escaping (View) -> String?, isVisible: @escaping (View) -> Bool) {
        self.roots = roots
        self.children = children
        self.identifier = identifier
        self.isVisible = isVisible
    }

    /// The first visible view, breadth first, whose identifier the tooltip target `target` points
    /// at (``TooltipSettings/points(at:target:)``): the view a tooltip is placed next to. Hidden
    /// views and their children are skipped, as ``ViewTreeScan`` skips them.
    public func firstVisible(pointedAtBy target: String) -> View? {
        var pending = roots()
        var next = 0
        while next < pending.count {
            let view = pending[next]
            next += 1
            guard isVisible(view) else { continue }
            if let id = identifier(view), TooltipSettings.points(at: id, target: target) { return view }
            pending.append(contentsOf: children(view))
        }
        return nil
    }
}

/// Finds the views that tooltips point at, a bounded number of views per step, so that watching
/// a large view hierarchy never holds the main thread for long.
///
/// Steps walk the tree breadth first, continuing where the last step stopped; when a walk ends,
/// the next step starts a new one. An identifier is reported when a walk finds it visible and the
/// walk before did not, so a view is reported once when it appears, and again after it was gone
/// for a whole walk.
@MainActor
public struct ViewTreeScan<View> {
    /// The most views one step visits.
    public let budget: Int
    private var pending: [View] = []
    private var next = 0
    private var isWalking = false
    private var seenThisWalk: Set<String> = []
    private var seenLastWalk: Set<String> = []

    public init(budget: Int) {
        precondition(budget > 0, "a scan step must visit at least one view")
        self.budget = budget
    }

    /// Whether the next step starts a new walk from the roots.
    public var startsNewWalk: Bool { !isWalking }

    /// Visits at most ``budget`` views and returns the identifiers of those that appeared and are
    /// an element in `wanted` points at (``TooltipSettings/points(at:target:)``).
    public mutating func step(in tree: ViewTree<View>, wanted: Set<String>) -> [String] {
        if !isWalking {
            pending = tree.roots()
            next = 0
            isWalking = true
        }
        var appeared: [String] = []
        var visited = 0
        while next < pending.count, visited < budget {
            let view = pending[next]
            next += 1
            visited += 1
            guard tree.isVisible(view) else { continue }
            if let id = tree.identifier(view), wanted.contains(where: { TooltipSettings.points(at: id, target: $0) }),
               seenThisWalk.insert(id).inserted,
               !seenLastWalk.contains(id) {
                appeared.append(id)
            }
            pending.append(contentsOf: tree.children(view))
        }
        if next >= pending.count { endWalk() }
        return appeared
    }

    private mutating func endWalk() {
        seenLastWalk = seenThisWalk
        seenThisWalk = []
        pending = []
        next = 0
        isWalking = false
    }
}
