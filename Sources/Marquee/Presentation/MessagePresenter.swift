import Foundation
import MarqueeModel
import MarqueeRender

/// Shows messages of one or more kinds. Apps may replace the built-in presenters.
///
/// The SDK calls, in order: ``prepareAssets(for:)`` (download images, build views), ``isReady(for:)``,
/// then ``display(_:completion:)``. The presenter calls `completion` exactly once when the message
/// leaves the screen, ``DisplayResolution/interrupted`` when it left without the user (its view
/// controller dismissed by the app, a presentation UIKit refused). A display the presenter loses
/// without calling `completion` is found by the SDK's watchdog (``isShowing(_:)``,
/// ``MarqueeSDK/maximumDisplayDuration``). One message is on screen at a time, except tooltips: several may show at once
/// (one per element), beside a message, so a tooltip presenter may hold several displays.
@MainActor
public protocol MessagePresenter: AnyObject, Sendable {
    /// Gets everything the message needs; throwing discards the message.
    func prepareAssets(for message: InAppMessage) async throws
    /// Whether the presenter can show the message right now; `false` re-enqueues it.
    func isReady(for message: InAppMessage) -> Bool
    /// Puts the message on screen; calls `completion` once when it is gone.
    func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void)
    /// Takes the message off screen at once (``MarqueeSDK/closeMessage(clearQueuedCampaigns:)``,
    /// the display watchdog); `completion` need not be called.
    func dismiss(_ message: InAppMessage)
    /// Whether the message is still on screen. The SDK asks every
    /// ``MarqueeSDK/displayCheckInterval`` seconds; `false` ends the display as interrupted.
    func isShowing(_ message: InAppMessage) -> Bool
}

extension MessagePresenter {
    /// Nothing to prepare.
    public func prepareAssets(for message: InAppMessage) async throws {}
    /// Always ready.
    public func isReady(for message: InAppMessage) -> Bool { true }
    /// Nothing to take down.
    public func dismiss(_ message: InAppMessage) {}
    /// Showing until `completion` is called (or ``MarqueeSDK/maximumDisplayDuration`` is over).
    public func isShowing(_ message: InAppMessage) -> Bool { true }
}

/// A presenter that records what it is asked to show and lets the caller end each display:
/// for the SDK's tests and for apps' UI tests. It can hold several displays at once (tooltips).
@MainActor
public final class RecordingPresenter: RenderingPresenter {
    /// Every message displayed, in order.
    public private(set) var displayed: [InAppMessage] = []
    /// The messages taken down with `dismiss`.
    public private(set) var dismissed: [InAppMessage] = []
    /// The number of `prepareAssets` calls.
    public private(set) var preparedCount = 0
    /// When set, `prepareAssets` throws this error.
    public var preparationError: (any Error)?
    /// What `isReady` answers.
    public var ready = true
    /// The app's style defaults and strings, as the SDK hands them to presenters that render.
    public var renderContext = RenderContext.standard
    /// The render options of each display, in order: what a rendering presenter would draw with.
    public private(set) var renderOptions: [RenderOptions] = []
    private var open: [(message: InAppMessage, completion: @MainActor (PresentationResult) -> Void)] = []

    /// Creates a presenter.
    public init() {}

    /// The message on screen that was displayed last, if any.
    public var current: InAppMessage? { open.last?.message }

    /// Every message on screen, oldest first.
    public var onScreen: [InAppMessage] { open.map(\.message) }

    /// Records the preparation; throws ``preparationError`` when set.
    public func prepareAssets(for message: InAppMessage) async throws {
        preparedCount += 1
        if let preparationError { throw preparationError }
    }

    /// Answers ``ready``.
    public func isReady(for message: InAppMessage) -> Bool { ready }

    /// Records the message and keeps `completion` for ``finish(_:)``.
    public func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
        displayed.append(message)
        renderOptions.append(renderContext.options())
        open.append((message, completion))
    }

    /// Records the dismissal; the message is no longer on screen.
    public func dismiss(_ message: InAppMessage) {
        dismissed.append(message)
        open.removeAll { $0.message.id == message.id }
    }

    /// Whether `message` is on screen: displayed, and neither finished nor dismissed.
    public func isShowing(_ message: InAppMessage) -> Bool {
        open.contains { $0.message.id == message.id }
    }

    /// Ends the display shown last with `result`, as a user would.
    public func finish(_ result: PresentationResult) {
        guard let last = open.popLast() else { return }
        last.completion(result)
    }

    /// Ends the display of the message with identifier `id` with `result`, as a user would.
    public func finish(_ result: PresentationResult, messageID id: String) {
        guard let index = open.firstIndex(where: { $0.message.id == id }) else { return }
        open.remove(at: index).completion(result)
    }
}
