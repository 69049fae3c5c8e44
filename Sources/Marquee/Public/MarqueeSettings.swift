import Foundation
import MarqueeModel
import MarqueeRender

/// Runtime switches read by the engine at decision time; set from any thread.
// @unchecked Sendable: every stored property is read and written only while `lock` is held.
final class MarqueeSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var _isEnabled = true
    private var _isPaused = false
    private var _displayInterval: TimeInterval = 30
    private var _queueOrder = QueueOrder.fifo
    private var _onVerifyContext: (@MainActor @Sendable ([String], String) -> Bool)?
    private var _errorCallback: (@Sendable (MarqueeError) -> Void)?
    private var _trackingConsent = InboxTrackingConsent.notRequired
    private var _pushPermissionRequester: (any PushPermissionRequester)?
    /// `UNAuthorizationOptions` as raw bits (alert, sound and badge), kept here so the settings build everywhere.
    private var _pushPrimerAuthorizationOptions: UInt = 0b111
    private var _assetCacheLimit = AssetCache.defaultLimitBytes
    private var _styleDefaults = StyleDefaults()
    private var _localizedStrings = LocalizedRenderStrings.builtIn
    private var _inboxLabels = InboxLabels.builtIn
    private var _stringsBundle = Bundle.main
    private var _language: String?
    private var _sessionTimeout: TimeInterval = 30 * 60
    private var _triggerDeliveryMode = TriggerDeliveryMode.everyEligible
    private var _ruleDeliveryMode = RuleDeliveryMode.everyMatching
    private var _displayTimeout: TimeInterval?
    private var _displayCheckInterval: TimeInterval = 30
    private var _maximumDisplayDuration: TimeInterval? = 600
    private var _deviceOrientation = Orientation.any
    private var _displayCoordinators: [MessageKind: DisplayCoordinator] = [:]
    private var _liveUpdates = true

    var isEnabled: Bool {
        get { lock.locked { _isEnabled } }
        set { lock.locked { _isEnabled = newValue } }
    }
    var isPaused: Bool {
        get { lock.locked { _isPaused } }
        set { lock.locked { _isPaused = newValue } }
    }
    var displayInterval: TimeInterval {
        get { lock.locked { _displayInterval } }
        set { lock.locked { _displayInterval = max(0, newValue) } }
    }
    var queueOrder: QueueOrder {
        get { lock.locked { _queueOrder } }
        set { lock.locked { _queueOrder = newValue } }
    }
    var onVerifyContext: (@MainActor @Sendable ([String], String) -> Bool)? {
        get { lock.locked { _onVerifyContext } }
        set { lock.locked { _onVerifyContext = newValue } }
    }
    var errorCallback: (@Sendable (MarqueeError) -> Void)? {
        get { lock.locked { _errorCallback } }
        set { lock.locked { _errorCallback = newValue } }
    }
    var trackingConsent: InboxTrackingConsent {
        get { lock.locked { _trackingConsent } }
        set { lock.locked { _trackingConsent = newValue } }
    }
    var pushPermissionRequester: (any PushPermissionRequester)? {
        get { lock.locked { _pushPermissionRequester } }
        set { lock.locked { _pushPermissionRequester = newValue } }
    }
    var assetCacheLimit: Int {
        get { lock.locked { _assetCacheLimit } }
        set { lock.locked { _assetCacheLimit = max(0, newValue) } }
    }
    var pushPrimerAuthorizationOptions: UInt {
        get { lock.locked { _pushPrimerAuthorizationOptions } }
        set { lock.locked { _pushPrimerAuthorizationOptions = newValue } }
    }
    var styleDefaults: StyleDefaults {
        get { lock.locked { _styleDefaults } }
        set { lock.locked { _styleDefaults = newValue } }
    }
    var stringsBundle: Bundle {
        get { lock.locked { _stringsBundle } }
        set { lock.locked { _stringsBundle = newValue } }
    }
    var inboxLabels: LanguageTable<InboxLabels> {
        get { lock.locked { _inboxLabels } }
        set { lock.locked { _inboxLabels = newValue } }
    }
    var localizedStrings: LocalizedRenderStrings {
        get { lock.locked { _localizedStrings } }
        set { lock.locked { _localizedStrings = newValue } }
    }
    var language: String? {
        get { lock.locked { _language } }
        set { lock.locked { _language = newValue } }
    }
    var sessionTimeout: TimeInterval {
        get { lock.locked { _sessionTimeout } }
        set { lock.locked { _sessionTimeout = max(0, newValue) } }
    }
    var ruleDeliveryMode: RuleDeliveryMode {
        get { lock.locked { _ruleDeliveryMode } }
        set { lock.locked { _ruleDeliveryMode = newValue } }
    }
    var triggerDeliveryMode: TriggerDeliveryMode {
        get { lock.locked { _triggerDeliveryMode } }
        set { lock.locked { _triggerDeliveryMode = newValue } }
    }
    var displayTimeout: TimeInterval? {
        get { lock.locked { _displayTimeout } }
        set { lock.locked { _displayTimeout = newValue.map { max(0, $0) } } }
    }
    var displayCheckInterval: TimeInterval {
        get { lock.locked { _displayCheckInterval } }
        set { lock.locked { _displayCheckInterval = max(1, newValue) } }
    }
    var maximumDisplayDuration: TimeInterval? {
        get { lock.locked { _maximumDisplayDuration } }
        set { lock.locked { _maximumDisplayDuration = newValue.map { max(1, $0) } } }
    }
    var deviceOrientation: Orientation {
        get { lock.locked { _deviceOrientation } }
        set { lock.locked { _deviceOrientation = newValue } }
    }
    var liveUpdates: Bool {
        get { lock.locked { _liveUpdates } }
        set { lock.locked { _liveUpdates = newValue } }
    }
    var displayCoordinators: [MessageKind: DisplayCoordinator] {
        get { lock.locked { _displayCoordinators } }
        set { lock.locked { _displayCoordinators = newValue } }
    }
}
