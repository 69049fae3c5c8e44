import Foundation
import Logging
import NIOConcurrencyHelpers
import Vapor

/// Delivers the event log to webhook endpoints: at least once, in order per endpoint, signed.
///
/// Every instance runs one. Every quarter second it claims the active endpoints no other
/// instance holds (a lease in the endpoint's row) and starts a lane (``WebhookLanes``) for each
/// that has none running: the lane sends the endpoint's oldest waiting delivery, or makes the
/// next one from the log (``WebhookStore/makeDelivery(for:)``), and goes on while they succeed.
/// A delivery answered 2xx is done; any other answer, or none within ``timeout`` (10 seconds
/// unless configured), is tried again
/// after ``WebhookBackoff``. An endpoint that has failed for a day is disabled, with an audit
/// event. Lanes run side by side, so a slow receiver delays only its own deliveries.
final class WebhookDispatcher: Sendable {
    static let interval: Duration = .milliseconds(250)
    /// Lanes one instance runs at once, over every app.
    static let maxLanes = 200
    /// How long a claim on an endpoint lasts without renewal: an instance that stopped lets its
    /// endpoints go to another after this.
    static let leaseMillis: Int64 = 30_000
    /// Deliveries one lane sends before it makes way, while they succeed.
    static let deliveriesPerRound = 20

    let store: WebhookStore
    let policy: WebhookURLPolicy
    let sender: any WebhookSender
    /// How long a receiver has to answer (``ServerConfiguration/webhookTimeout``).
    let timeout: Duration
    let clock: any ServerClock
    let audit: AuditLog
    let logger: Logger
    let lanes = WebhookLanes(total: WebhookDispatcher.maxLanes, perApp: WebhookStore.maxEndpointsPerApp)
    /// This instance, as endpoint leases name it.
    let owner = UUID().canonical

    init(store: WebhookStore, policy: WebhookURLPolicy, sender: any WebhookSender, timeout: Duration, audit: AuditLog, logger: Logger) {
        self.store = store
        self.policy = policy
        self.sender = sender
        self.timeout = timeout
        self.clock = store.clock
        self.audit = audit
        self.logger = logger
    }

    /// Starts lanes every ``interval`` until cancelled, then stops them.
    func run() async {
        while !Task.isCancelled {
            do {
                try await startLanes()
            } catch {
                logger.warning("Webhook round failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await Task.sleep(for: Self.interval)
        }
        await lanes.stopAll()
        try? await store.release(owner: owner)
    }

    /// Claims the endpoints this instance may deliver to, renewing its leases, and starts a lane
    /// for each whose lane is free, as far as the caps allow.
    func startLanes() async throws {
        guard try await store.hasActiveEndpoints() else { return }
        let due = try await store.claimActive(owner: owner, leaseUntil: clock.nowMillis + Self.leaseMillis)
        for endpoint in lanes.fairOrder(due, app: \.endpoint.appID) {
            lanes.start(endpoint.endpoint.id, app: endpoint.endpoint.appID) { [self] in
                _ = await self.lane(endpoint.endpoint.id)
            }
        }
    }

    /// One round over every endpoint this instance may deliver to, each on its lane (waiting for
    /// a lane already running), until each has sent what is due; returns how many deliveries
    /// were answered 2xx. Tests drive deliveries with it.
    @discardableResult
    func round() async throws -> Int {
        guard try await store.hasActiveEndpoints() else { return 0 }
        let due = try await store.claimActive(owner: owner, leaseUntil: clock.nowMillis + Self.leaseMillis)
        return await withTaskGroup(of: Int.self) { group in
            for endpoint in due {
                group.addTask {
                    await self.lanes.take(endpoint.endpoint.id, app: endpoint.endpoint.appID)
                    defer { self.lanes.release(endpoint.endpoint.id) }
                    return await self.lane(endpoint.endpoint.id)
                }
            }
            return await group.reduce(0, +)
        }
    }

    /// A lane's work: the endpoint as it is now, while it is active; returns how many deliveries
    /// were answered 2xx.
    private func lane(_ endpointID: UUID) async -> Int {
        do {
            guard let due = try await store.active(endpointID) else { return 0 }
            return try await deliver(to: due)
        } catch {
            logger.warning("Webhook delivery failed", metadata: ["webhook": "\(endpointID.canonical)", "error": "\(String(reflecting: error))"])
            return 0
        }
    }

    /// Sends the endpoint's deliveries while they succeed, up to ``deliveriesPerRound``; returns
    /// how many were answered 2xx.
    private func deliver(to due: WebhookStore.Due) async throws -> Int {
        var endpoint = due.endpoint
        var delivered = 0
        for _ in 0..<Self.deliveriesPerRound where !Task.isCancelled {
            var delivery = try await store.waiting(for: endpoint.id)
            if delivery == nil { (delivery, endpoint.cursor) = try await store.makeDelivery(for: endpoint) }
            guard let delivery, delivery.nextAttemptAt <= clock.nowMillis else { break }
            guard let body = try await store.body(of: delivery, for: endpoint) else {
                // Every event it carried left the log (erased, or past retention): nothing to send.
                try await store.markEmpty(delivery)
                continue
            }
            guard try await attempt(delivery, body: Data(body.text.utf8), of: WebhookStore.Due(endpoint: endpoint, secret: due.secret)) else { break }
            delivered += 1
        }
        return delivered
    }

    /// Sends `delivery` once; whether it was answered 2xx.
    private func attempt(_ delivery: WebhookStore.Delivery, body: Data, of due: WebhookStore.Due) async throws -> Bool {
        let endpoint = due.endpoint
        let now = clock.now()
        let started = ContinuousClock.now
        var status: Int?
        var failure: String?
        do {
            guard let url = URL(string: endpoint.url) else { throw WebhookURLPolicy.Refusal.malformed }
            // Resolved and checked once; the sender connects to the addresses checked here.
            let target = try await policy.target(for: url)
            let seconds = Int64(now.timeIntervalSince1970)
            status = try await sender.post(body, to: target, headers: [
                (WebhookSignature.header, WebhookSignature.header(for: body, secret: due.secret, at: seconds)),
                (WebhookSignature.deliveryHeader, delivery.id.canonical),
            ], timeout: timeout).status
        } catch {
            failure = Self.describe(error)
        }
        let elapsed = ContinuousClock.now - started
        let succeeded = status.map { (200..<300).contains($0) } ?? false
        let attempt = WebhookStore.Attempt(
            at: now.millis, status: status,
            latencyMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
            error: succeeded ? nil : failure ?? "answered \(status ?? 0)")
        let retryAt = now.millis + WebhookBackoff.delay(afterAttempt: delivery.attempts + 1, unit: Double.random(in: 0..<1))
        let failingSince = try await store.record(attempt, of: delivery, retryAt: retryAt)
        if let failingSince, now.millis - failingSince >= WebhookBackoff.givesUpAfter, try await store.disable(endpoint.id) {
            logger.warning("Webhook disabled after a day of failed deliveries", metadata: ["webhook": "\(endpoint.id.canonical)"])
            try await audit.record(AuditLog.Entry(
                actor: AuditActor(kind: "server"), method: "PATCH", route: "/api/v1/apps/:appID/webhooks/:webhookID",
                path: "/api/v1/apps/\(endpoint.appID.canonical)/webhooks/\(endpoint.id.canonical)", status: 200,
                appID: endpoint.appID, address: nil))
        }
        return succeeded
    }

    private static func describe(_ error: any Error) -> String {
        if let refusal = error as? WebhookURLPolicy.Refusal { return refusal.description }
        return String(describing: error)
    }
}

/// Starts the dispatcher once the server has booted and stops it with the server.
struct WebhookDispatcherLifecycle: LifecycleHandler {
    let dispatcher: WebhookDispatcher
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(dispatcher: WebhookDispatcher) {
        self.dispatcher = dispatcher
    }

    func didBootAsync(_ application: Application) async throws {
        let dispatcher = dispatcher
        task.withLockedValue { $0 = Task { await dispatcher.run() } }
    }

    func shutdownAsync(_ application: Application) async {
        let running = task.withLockedValue { $0 }
        running?.cancel()
        await running?.value
    }
}
