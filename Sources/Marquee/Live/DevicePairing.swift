import Foundation
import MarqueeWire

/// What pairing with the dashboard gives this device: the pairing itself until it runs out or
/// either side ends it, the debug session the dashboard runs for it, and the previews it sent
/// that wait or are on screen. A debug session lives only as long as its pairing.
struct DevicePairing: Sendable {
    /// The pairing the server granted, if any.
    private(set) var current: PairResponse?
    /// The dashboard's debug session for this device.
    var debug = DebugSession()
    /// The ids of previews waiting or on screen.
    private(set) var previews: Set<String> = []

    /// Whether the device holds a pairing that has not run out at `now`, and that it has not heard was ended.
    func isPaired(at now: Date) -> Bool {
        guard let current else { return false }
        return Double(current.expiresAt) / 1000 > now.timeIntervalSince1970
    }

    /// The server granted `response`.
    mutating func paired(_ response: PairResponse) {
        current = response
    }

    /// The device ends its pairing: returns it (for the server to hear) and stops its debug session.
    mutating func end() -> PairResponse? {
        defer {
            current = nil
            debug.set(nil)
        }
        return current
    }

    /// The dashboard ended pairing `id`: returns whether it was this device's, which is then let go.
    mutating func endedByDashboard(_ id: String) -> Bool {
        guard current?.pairing == id else { return false }
        _ = end()
        return true
    }

    /// Preview `id` waits to show.
    mutating func previewing(_ id: String) {
        previews.insert(id)
    }

    /// Whether `id` names a preview that waits or is on screen.
    func isPreview(_ id: String) -> Bool { previews.contains(id) }

    /// The display of `id` ended; if it was a preview, it is no longer one.
    mutating func displayEnded(_ id: String) {
        previews.remove(id)
    }
}
