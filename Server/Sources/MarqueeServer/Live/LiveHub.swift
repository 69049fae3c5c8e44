import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The live channels this instance holds (`GET /v1/live`), by app and device, and what each has
/// been told.
///
/// Sending is a write to each connection, under no lock and without a task per channel, so ten
/// thousand idle channels cost their connections and a few dictionary entries. An app's
/// `catalog` event goes out once per catalog version, however many times the change is heard
/// (locally and again through PostgreSQL's notification).
final class LiveHub: Sendable {
    /// How long a device waits before it reconnects, in milliseconds (the `retry` hint).
    static let retryMillis = 3_000
    /// Devices re-ping within this many seconds of a `catalog` event, each at a random moment.
    static let spreadSeconds = 3

    private struct Listener {
        let appID: UUID
        let deviceID: String?
        let address: String
        /// Orders a device's channels: the lowest is its oldest.
        let serial: UInt64
        let stream: EventStream
    }

    private struct Device: Hashable {
        let appID: UUID
        let deviceID: String
    }

    private struct State {
        var listeners: [ObjectIdentifier: Listener] = [:]
        var byApp: [UUID: Set<ObjectIdentifier>] = [:]
        var byDevice: [Device: Set<ObjectIdentifier>] = [:]
        /// Channels held per client address.
        var byAddress: [String: Int] = [:]
        var nextSerial: UInt64 = 0
        /// The last catalog version announced per app.
        var announced: [UUID: Int] = [:]
    }

    /// What ``open(appID:deviceID:address:catalogVersion:lastVersion:initial:)`` did.
    enum Opening {
        case opened(EventStream)
        /// ``maximum`` channels are open.
        case full
        /// The client's address holds ``maximumPerAddress`` channels.
        case addressFull

        /// The channel, when one was opened.
        var stream: EventStream? {
            switch self {
            case .opened(let stream): stream
            case .full, .addressFull: nil
            }
        }
    }

    /// Channels a device holds at most when `--max-live-connections-per-device` is not given:
    /// the one it uses, and a new one it opened before the old one's end was noticed.
    static let defaultMaximumPerDevice = 2

    /// Channels one address holds at most when none is configured: an eighth of the maximum, at
    /// least 64 (as for connections), so that one address cannot take every place.
    static func defaultMaximumPerAddress(of maximum: Int) -> Int {
        max(64, maximum / 8)
    }

    /// Channels held at once; one more is refused.
    let maximum: Int
    /// Channels one client address holds at once; one more is refused.
    let maximumPerAddress: Int
    /// Channels one device of an app holds at once; one more closes the device's oldest.
    let maximumPerDevice: Int
    private let state = NIOLockedValueBox(State())

    init(maximum: Int, perAddress: Int? = nil, perDevice: Int = LiveHub.defaultMaximumPerDevice) {
        self.maximum = maximum
        maximumPerAddress = perAddress ?? Self.defaultMaximumPerAddress(of: maximum)
        maximumPerDevice = max(1, perDevice)
    }

    /// Opens a channel for a device of `appID`, from the client at `address`, and sends it
    /// `initial`; refuses when ``maximum`` are open, or ``maximumPerAddress`` from `address`. A
    /// device at ``maximumPerDevice`` has its oldest channel closed to make room: a device that
    /// opens again has most likely lost the old one. A device that says it last saw
    /// `lastVersion` is told at once when the catalog moved on since.
    func open(appID: UUID, deviceID: String?, address: String, catalogVersion: Int, lastVersion: Int?,
              initial: [LiveEvent] = []) -> Opening {
        let stream = EventStream()
        let key = ObjectIdentifier(stream)
        let admission = state.withLockedValue { state -> (opening: Opening, replaced: [EventStream]) in
            let device = deviceID.map { Device(appID: appID, deviceID: $0) }
            // The device's channels beyond its share, oldest first; they make room before the limits are counted.
            let held = device.map { (state.byDevice[$0] ?? []).compactMap { state.listeners[$0] } } ?? []
            let replaced = held.sorted { $0.serial < $1.serial }.prefix(max(0, held.count - maximumPerDevice + 1))
            let sameAddress = replaced.filter { $0.address == address }.count
            guard state.listeners.count - replaced.count < maximum else { return (.full, []) }
            guard state.byAddress[address, default: 0] - sameAddress < maximumPerAddress else { return (.addressFull, []) }
            for old in replaced { Self.forget(ObjectIdentifier(old.stream), in: &state) }
            state.nextSerial += 1
            state.listeners[key] = Listener(appID: appID, deviceID: deviceID, address: address, serial: state.nextSerial, stream: stream)
            state.byApp[appID, default: []].insert(key)
            if let device { state.byDevice[device, default: []].insert(key) }
            state.byAddress[address, default: 0] += 1
            // Only a first channel sets the mark: a device that read a newer version than the
            // watcher has announced yet must not keep the others from hearing of it.
            if state.announced[appID] == nil { state.announced[appID] = catalogVersion }
            return (.opened(stream), replaced.map(\.stream))
        }
        guard case .opened = admission.opening else { return admission.opening }
        // Ended outside the lock: ending calls the stream's close handlers, which take it.
        for old in admission.replaced { old.finish() }
        stream.onClose { [weak self] in self?.remove(key) }
        stream.send(LiveEvent.opening(retryMillis: Self.retryMillis))
        if let lastVersion, lastVersion < catalogVersion {
            stream.send(LiveEvent.catalog(version: catalogVersion, spread: Self.spreadSeconds).frame)
        }
        for event in initial { stream.send(event.frame) }
        return .opened(stream)
    }

    private func remove(_ key: ObjectIdentifier) {
        state.withLockedValue { Self.forget(key, in: &$0) }
    }

    /// Takes a channel out of every index; nothing when it is out already.
    private static func forget(_ key: ObjectIdentifier, in state: inout State) {
        guard let listener = state.listeners.removeValue(forKey: key) else { return }
        let appID = listener.appID
        state.byApp[appID]?.remove(key)
        if let deviceID = listener.deviceID {
            let device = Device(appID: appID, deviceID: deviceID)
            state.byDevice[device]?.remove(key)
            if state.byDevice[device]?.isEmpty == true { state.byDevice[device] = nil }
        }
        state.byAddress[listener.address, default: 1] -= 1
        if state.byAddress[listener.address] == 0 { state.byAddress[listener.address] = nil }
        if state.byApp[appID]?.isEmpty == true {
            state.byApp[appID] = nil
            state.announced[appID] = nil
        }
    }

    /// The app's campaigns are at `version`: every channel of the app hears it, once per version.
    func catalogChanged(appID: UUID, version: Int) {
        let streams = state.withLockedValue { state -> [EventStream] in
            guard let keys = state.byApp[appID], version > (state.announced[appID] ?? 0) else { return [] }
            state.announced[appID] = version
            return keys.compactMap { state.listeners[$0]?.stream }
        }
        guard !streams.isEmpty else { return }
        let frame = ByteBuffer(string: LiveEvent.catalog(version: version, spread: Self.spreadSeconds).frame)
        for stream in streams { stream.send(frame) }
    }

    /// Sends `event` to the channels of one device; returns how many there were.
    @discardableResult
    func send(_ event: LiveEvent, toDevice deviceID: String, of appID: UUID) -> Int {
        let streams = state.withLockedValue { state in
            (state.byDevice[Device(appID: appID, deviceID: deviceID)] ?? []).compactMap { state.listeners[$0]?.stream }
        }
        guard !streams.isEmpty else { return 0 }
        let frame = ByteBuffer(string: event.frame)
        for stream in streams { stream.send(frame) }
        return streams.count
    }

    /// Whether a device of `appID` holds a channel here.
    func isConnected(deviceID: String, of appID: UUID) -> Bool {
        state.withLockedValue { $0.byDevice[Device(appID: appID, deviceID: deviceID)] != nil }
    }

    /// Writes a comment to every channel, so quiet ones stay open through proxies.
    func heartbeat() {
        let heartbeat = ByteBuffer(string: LiveEvent.heartbeat)
        for stream in state.withLockedValue({ $0.listeners.values.map(\.stream) }) { stream.send(heartbeat) }
    }

    /// The apps with a channel here.
    var apps: [UUID] { state.withLockedValue { Array($0.byApp.keys) } }

    /// Channels open.
    var count: Int { state.withLockedValue(\.listeners.count) }
}

extension Application {
    /// Live channels this instance holds now (tests and diagnostics).
    public var marqueeLiveConnections: Int { marquee.live.count }
}
