import Foundation
import MarqueeModel

/// Shows messages of one or more kinds. Apps may replace the built-in presenters.
///
/// The SDK calls, in order: ``prepareAssets(for:)`` (download images, build views), ``isReady(for:)``,
/// then ``display(_:completion:)``. The presenter calls `completion` exactly once when the message
/// leaves the screen. Only one message is on screen at a time.
@MainActor
public protocol MessagePresenter: AnyObject, Sendable {
    /// Gets everything the message needs; throwing discards the message.
    func prepareAssets(for message: InAppMessage) async throws
    /// Whether the presenter can show the message right now; `false` re-enqueues it.
    func isReady(for message: InAppMessage) -> Bool
    /// Puts the message on screen; calls `completion` once when it is gone.
    func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void)
    /// Takes the message off screen at once (``MarqueeSDK/closeMessage(clearQueuedCampaigns:)``);
    /// `completion` need not be called.
    func dismiss(_ message: InAppMessage)
}

extension MessagePresenter {
    /// Nothing to prepare.
    public func prepareAssets(for message: InAppMessage) async throws {}
    /// Always ready.
    public func isReady(for message: InAppMessage) -> Bool { true }
    /// Nothing to take down.
    public func dismiss(_ message: InAppMessage) {}
}

/// A presenter that records what it is asked to show and lets the caller end each display:
/// for the SDK's tests and for apps' UI tests.
@MainActor
public final class RecordingPresenter: MessagePresenter {
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
    private var completion: (@MainActor (PresentationResult) -> Void)?

    /// Creates a presenter.
    public init() {}

    /// The message on screen, if any.
    public var current: InAppMessage? { completion == nil ? nil : displayed.last }

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
        self.completion = completion
    }

    /// Records the dismissal.
    public func dismiss(_ message: InAppMessage) {
        dismissed.append(message)
        completion = nil
    }

    /// Ends the current display with `result`, as a user would.
    public func finish(_ result: PresentationResult) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
