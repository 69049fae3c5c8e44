import Foundation
import Marquee
import MarqueeModel
import Testing

/// Tooltips find their views by identifier alone: the watcher walks the app's views in bounded
/// steps and tells the SDK when a tooltip's view appears.
@MainActor
@Suite struct TooltipTargetWatcherTests {
    /// A view of a test app: an identifier, visibility and children.
    final class TestView {
        var identifier: String?
        var isHidden = false
        var children: [TestView] = []

        init(_ identifier: String? = nil, children: [TestView] = []) {
            self.identifier = identifier
            self.children = children
        }
    }

    /// A tree over `root` that counts the views it visits and the walks it starts.
    @MainActor
    final class CountedTree {
        let root: TestView
        var visits = 0
        var walks = 0

        init(root: TestView) { self.root = root }

        var tree: ViewTree<TestView> {
            ViewTree(
                roots: { self.walks += 1; return [self.root] },
                children: { $0.children },
                identifier: { self.visits += 1; return $0.identifier },
                isVisible: { !$0.isHidden })
        }
    }

    /// A screen of `count` plain views, one level under the root.
    static func screen(_ count: Int) -> TestView {
        TestView("screen", children: (0..<count).map { TestView("row-\($0)") })
    }

    /// The presenter places a tooltip next to the view the watcher reported: the first visible
    /// one the target points at, breadth first, never one under a hidden view.
    @Test func thePresentersViewIsTheFirstVisibleOneTheTargetPointsAt() {
        let hiddenParent = TestView("panel", children: [TestView("cart")])
        hiddenParent.isHidden = true
        let nested = TestView("cart")
        let root = TestView("screen", children: [hiddenParent, TestView("list", children: [nested]), TestView("help")])
        let tree = CountedTree(root: root).tree
        #expect(tree.firstVisible(pointedAtBy: "cart") === nested, "a hidden panel's child is not on screen")
        #expect(tree.firstVisible(pointedAtBy: "help")?.identifier == "help")
        #expect(tree.firstVisible(pointedAtBy: "checkout") == nil)
        nested.isHidden = true
        #expect(tree.firstVisible(pointedAtBy: "cart") == nil)
    }

    @Test func aTooltipShowsOnceItsViewAppearsWithNoCallFromTheApp() async {
        let harness = Harness(campaigns: [TooltipDisplayTests.tooltip("cart-tip", on: "cart")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)
        #expect(await harness.sdk.tooltipTargets() == ["cart"])

        let root = Self.screen(30)
        let watcher = TooltipTargetWatcher(sdk: harness.sdk, tree: CountedTree(root: root).tree, budget: 10)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        for _ in 0..<8 { #expect(await watcher.step().isEmpty) }
        await harness.sdk.waitUntilIdle()
        #expect(presenter.onScreen.isEmpty, "the trigger fired, but the view is not on screen")

        root.children[17].children.append(TestView("cart"))
        var appeared: [String] = []
        for _ in 0..<8 { appeared += await watcher.step() }
        await harness.sdk.waitUntilIdle()
        #expect(appeared == ["cart"])
        #expect(presenter.onScreen.map(\.id) == ["cart-tip"])
    }

    @Test func withTooltipsOffOrNoTooltipCampaignsNoViewIsVisited() async {
        let off = Harness(campaigns: [TooltipDisplayTests.tooltip("cart-tip", on: "cart")])
        await off.start(tooltips: false)
        let none = Harness(campaigns: [Fixture.campaign("modal")])
        await none.start(tooltips: true)
        for harness in [off, none] {
            let counted = CountedTree(root: Self.screen(5))
            let watcher = TooltipTargetWatcher(sdk: harness.sdk, tree: counted.tree)
            for _ in 0..<3 { await watcher.step() }
            #expect(await harness.sdk.tooltipTargets().isEmpty)
            #expect(counted.walks == 0 && counted.visits == 0)
        }
    }

    @Test func eachStepVisitsAtMostItsBudgetAndAWalkCoversTheTree() {
        let counted = CountedTree(root: Self.screen(999))
        counted.root.children[998].children = [TestView("deep")]
        var scan = ViewTreeScan<TestView>(budget: 100)
        var found: [String] = []
        var steps = 0
        repeat {
            let before = counted.visits
            found += scan.step(in: counted.tree, wanted: ["deep"])
            #expect(counted.visits - before <= 100)
            steps += 1
        } while !scan.startsNewWalk
        #expect(found == ["deep"])
        #expect(counted.visits == 1_001, "every view once, however many steps the walk took")
        #expect(steps == 11)
    }

    @Test func aViewIsReportedWhenItAppearsAndAgainOnlyAfterItWasGoneForAWalk() {
        let target = TestView("cart")
        let root = TestView("screen", children: [TestView("header"), target])
        let tree = CountedTree(root: root).tree
        var scan = ViewTreeScan<TestView>(budget: 50)

        #expect(scan.step(in: tree, wanted: ["cart"]) == ["cart"])
        #expect(scan.step(in: tree, wanted: ["cart"]).isEmpty, "still on screen: not reported again")
        target.isHidden = true
        #expect(scan.step(in: tree, wanted: ["cart"]).isEmpty)
        target.isHidden = false
        #expect(scan.step(in: tree, wanted: ["cart"]) == ["cart"], "back after a walk without it")
    }

    @Test func aViewWhoseIdentifierContainsATargetIsReported() {
        let tree = CountedTree(root: TestView("screen", children: [TestView("cart.button.badge"), TestView("cart")])).tree
        var scan = ViewTreeScan<TestView>(budget: 50)
        #expect(scan.step(in: tree, wanted: ["cart.button"]) == ["cart.button.badge"])
    }

    @Test func aHiddenViewHidesItsChildren() {
        let container = TestView("sheet", children: [TestView("cart")])
        container.isHidden = true
        let counted = CountedTree(root: TestView("screen", children: [container]))
        var scan = ViewTreeScan<TestView>(budget: 50)
        #expect(scan.step(in: counted.tree, wanted: ["cart"]).isEmpty)
        #expect(counted.visits == 1, "only the root's identifier is read; the hidden sheet's subtree is skipped")
    }
}
