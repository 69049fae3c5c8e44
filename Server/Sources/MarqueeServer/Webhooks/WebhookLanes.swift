import Foundation
import NIOConcurrencyHelpers

/// Which endpoints this instance is sending to. Each endpoint has one lane: its deliveries go one
/// at a time, in order, and a slow receiver holds only its own lane, never one that another
/// endpoint needs. An app holds at most ``perApp`` lanes (each of its endpoints can have one),
/// the server at most ``total``; when lanes are short, apps with fewer busy lanes go first.
final class WebhookLanes: Sendable {
    let total: Int
    let perApp: Int

    private struct State {
        /// Busy lanes: endpoint → its app.
        var busy: [UUID: UUID] = [:]
        var busyPerApp: [UUID: Int] = [:]
        /// Manual rounds waiting for a busy endpoint's lane, which is handed to them.
        var waiting: [UUID: [CheckedContinuation<Void, Never>]] = [:]
        /// Lanes started in the background, so stopping can end them.
        var running: [UUID: Task<Void, Never>] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(total: Int, perApp: Int) {
        self.total = total
        self.perApp = perApp
    }

    /// Starts `work` on the endpoint's lane in the background, unless the lane is busy or a cap
    /// is reached; whether it started. The lane is free again when `work` ends.
    @discardableResult
    func start(_ endpoint: UUID, app: UUID, _ work: @escaping @Sendable () async -> Void) -> Bool {
        state.withLockedValue { state in
            guard state.busy[endpoint] == nil, state.busy.count < total, state.busyPerApp[app, default: 0] < perApp else { return false }
            state.busy[endpoint] = app
            state.busyPerApp[app, default: 0] += 1
            state.running[endpoint] = Task {
                await work()
                self.state.withLockedValue { $0.running[endpoint] = nil }
                self.release(endpoint)
            }
            return true
        }
    }

    /// Waits until the endpoint's lane is free and takes it, whatever the caps: a manual round.
    func take(_ endpoint: UUID, app: UUID) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let taken = state.withLockedValue { state in
                guard state.busy[endpoint] == nil else {
                    state.waiting[endpoint, default: []].append(continuation)
                    return false
                }
                state.busy[endpoint] = app
                state.busyPerApp[app, default: 0] += 1
                return true
            }
            if taken { continuation.resume() }
        }
    }

    /// Frees the endpoint's lane, or hands it to a round waiting for it.
    func release(_ endpoint: UUID) {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if var waiting = state.waiting[endpoint], !waiting.isEmpty {
                let next = waiting.removeFirst()
                state.waiting[endpoint] = waiting.isEmpty ? nil : waiting
                return next
            }
            if let app = state.busy.removeValue(forKey: endpoint) {
                let count = state.busyPerApp[app, default: 1] - 1
                state.busyPerApp[app] = count > 0 ? count : nil
            }
            return nil
        }
        next?.resume()
    }

    /// `due` in the order lanes should go to them: apps with fewer busy lanes first, their
    /// endpoints taken in turn, so one app's many endpoints do not go ahead of another's one.
    func fairOrder<Item>(_ due: [Item], app: (Item) -> UUID) -> [Item] {
        let busy = state.withLockedValue { $0.busyPerApp }
        var byApp: [UUID: [Item]] = [:]
        var apps: [UUID] = []
        for item in due {
            let id = app(item)
            if byApp[id] == nil { apps.append(id) }
            byApp[id, default: []].append(item)
        }
        apps.sort { busy[$0, default: 0] < busy[$1, default: 0] }
        var ordered: [Item] = []
        var turn = 0
        while ordered.count < due.count {
            for id in apps where turn < byApp[id]!.count { ordered.append(byApp[id]![turn]) }
            turn += 1
        }
        return ordered
    }

    /// How many lanes are busy.
    var busyCount: Int { state.withLockedValue { $0.busy.count } }

    /// Cancels every background lane and waits for them to end.
    func stopAll() async {
        let running = state.withLockedValue { Array($0.running.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
