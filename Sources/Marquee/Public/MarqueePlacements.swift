import Foundation
import MarqueeModel

/// Embedded content: campaigns with channel `embedded` shown inside the app's own screens, in
/// the placement each names (`home.top`, `product.footer`).
///
/// A placement shows the best eligible campaign for the current user: the highest priority,
/// then the newest, among those with impressions left, within their frequency caps and live
/// window; the server has already applied their targeting and segments. When one reaches its
/// limit, the placement shows the next.
///
/// ```swift
/// for await content in MarqueeSDK.shared.placements.changes(for: "home.top") {
///     banner.show(content) // nil: hide the placement
/// }
/// ```
///
/// On Apple platforms, `MarqueePlacement` (SwiftUI) and `MarqueePlacementView` (UIKit) in
/// MarqueeUI do all of this: they size themselves to the content, follow its changes, and
/// report an impression once at least half of the content is on screen.
public struct MarqueePlacements: Sendable {
    let core: MarqueeCore

    /// What `placement` shows now; `nil` when nothing is eligible. No request is made.
    public func content(for placement: String) async -> PlacementContent? {
        await core.currentPlacementContent(placement)
    }

    /// What `placement` shows, now and after every change: a sync, a change of user, an
    /// impression that used up a campaign's limit. Each call returns a stream of its own; a
    /// reader that falls behind gets only the latest content.
    public func changes(for placement: String) -> AsyncStream<PlacementContent?> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlacementContent?.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuation.onTermination = { [weak core] _ in core?.submit(.unsubscribePlacement(id)) }
        core.submit(.subscribePlacement(id, placement: placement, continuation))
        return stream
    }

    /// Records that the user saw `content` (at least half of it on screen): one impression, as a
    /// display counts. Call it once each time the content appears.
    /// - Returns: whether it counted (not when the campaign has no impression left).
    @discardableResult
    public func recordImpression(_ content: PlacementContent) async -> Bool {
        await core.placementImpression(of: content.campaignID)
    }

    /// Records a tap on one of `content`'s buttons, or on the content itself (`buttonID` `nil`).
    /// The app runs the action (``MarqueeModel/MessageButton/action``, ``MarqueeModel/Message/contentAction``).
    @discardableResult
    public func recordClick(_ content: PlacementContent, buttonID: String? = nil) async -> Bool {
        await core.placementClick(of: content.campaignID, buttonID: buttonID)
    }
}

extension MarqueeSDK {
    /// The app's placements of embedded content.
    public var placements: MarqueePlacements { MarqueePlacements(core: core) }
}
