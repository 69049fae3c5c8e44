import Foundation
import MarqueeModel

/// Runtime switches read by the engine at decision time; set from any thread.
// @unchecked Sendable: every stored property is read and written only while `lock` is held.
final class MarqueeSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var _isEnabled = true
    private var _isPaused = false
    private var _displayInterval: TimeInterval = 30
    private var _queueOrder = QueueOrder.fifo
    private var _onVerifyContext: (@Sendable ([String], String) -> Bool)?
    private var _errorCallback: (@Sendable (MarqueeError) -> Void)?
    private var _trackingConsent = InboxTrackingConsent.notRequired
    private var _sessionTimeout: TimeInterval = 30 * 60
    private var _triggerDeliveryMode = TriggerDeliveryMode.everyEligible
    private var _displayTimeout: TimeInterval?
    private var _deviceOrientation = Orientation.any
    private var _displayCoordinators: [MessageKind: DisplayCoordinator] = [:]

    var isEnabled: Bool {
        get { lock.withLock { _isEnabled } }
        set { lock.withLock { _isEnabled = newValue } }
    }
    var isPaused: Bool {
        get { lock.withLock { _isPaused } }
        set { lock.withLock { _isPaused = newValue } }
    }
    var displayInterval: TimeInterval {
        get { lock.withLock { _displayInterval } }
        set { lock.withLock { _displayInterval = max(0, newValue) } }
    }
    var queueOrder: QueueOrder {
        get { lock.withLock { _queueOrder } }
        set { lock.withLock { _queueOrder = newValue } }
    }
    var onVerifyContext: (@Sendable ([String], String) -> Bool)? {
        get { lock.withLock { _onVerifyContext } }
        set { lock.withLock { _onVerifyContext = newValue } }
    }
    var errorCallback: (@Sendable (MarqueeError) -> Void)? {
        get { lock.withLock { _errorCallback } }
        set { lock.withLock { _errorCallback = newValue } }
    }
    var trackingConsent: InboxTrackingConsent {
        get { lock.withLock { _trackingConsent } }
        set { lock.withLock { _trackingConsent = newValue } }
    }
    var sessionTimeout: TimeInterval {
        get { lock.withLock { _sessionTimeout } }
        set { lock.withLock { _sessionTimeout = max(0, newValue) } }
    }
    var triggerDeliveryMode: TriggerDeliveryMode {
        get { lock.withLock { _triggerDeliveryMode } }
        set { lock.withLock { _triggerDeliveryMode = newValue } }
    }
    var displayTimeout: TimeInterval? {
        get { lock.withLock { _displayTimeout } }
        set { lock.withLock { _displayTimeout = newValue.map { max(0, $0) } } }
    }
    var deviceOrientation: Orientation {
        get { lock.withLock { _deviceOrientation } }
        set { lock.withLock { _deviceOrientation = newValue } }
    }
    var displayCoordinators: [MessageKind: DisplayCoordinator] {
        get { lock.withLock { _displayCoordinators } }
        set { lock.withLock { _displayCoordinators = newValue } }
    }
}
