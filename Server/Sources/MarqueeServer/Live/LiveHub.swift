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
        /// The last catalog version announced per app.
        var announced: [UUID: Int] = [:]
    }

    /// Channels held at once; one more is refused.
    let maximum: Int
    private let state = NIOLockedValueBox(State())

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Opens a channel for a device of `appID` and sends it `initial`, or returns `nil` when
    /// ``maximum`` are open. A device that says it last saw `lastVersion` is told at once when the
    /// catalog moved on since.
    func open(appID: UUID, deviceID: String?, catalogVersion: Int, lastVersion: Int?, initial: [LiveEvent] = []) -> EventStream? {
        let stream = EventStream()
        let key = ObjectIdentifier(stream)
        let admitted = state.withLockedValue { state in
            guard state.listeners.count < maximum else { return false }
            state.listeners[key] = Listener(appID: appID, deviceID: deviceID, stream: stream)
            state.byApp[appID, default: []].insert(key)
            if let deviceID { state.byDevice[Device(appID: appID, deviceID: deviceID), default: []].insert(key) }
            // Only a first channel sets the mark: a device that read a newer version than the
            // watcher has announced yet must not keep the others from hearing of it.
            if state.announced[appID] == nil { state.announced[appID] = catalogVersion }
            return true
        }
        guard admitted else { return nil }
        stream.onClose { [weak self] in self?.remove(key, appID: appID, deviceID: deviceID) }
        stream.send(LiveEvent.opening(retryMillis: Self.retryMillis))
        if let lastVersion, lastVersion < catalogVersion {
            stream.send(LiveEvent.catalog(version: catalogVersion, spread: Self.spreadSeconds).frame)
        }
        for event in initial { stream.send(event.frame) }
        return stream
    }

    private func remove(_ key: ObjectIdentifier, appID: UUID, deviceID: String?) {
        state.withLockedValue { state in
            state.listeners[key] = nil
            state.byApp[appID]?.remove(key)
            if let deviceID {
                let device = Device(appID: appID, deviceID: deviceID)
                state.byDevice[device]?.remove(key)
                if state.byDevice[device]?.isEmpty == true { state.byDevice[device] = nil }
            }
            if state.byApp[appID]?.isEmpty == true {
                state.byApp[appID] = nil
                state.announced[appID] = nil
            }
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
