import Foundation
import Logging
import NIOConcurrencyHelpers
import Vapor

/// Delivers the event log to webhook endpoints: at least once, in order per endpoint, signed.
///
/// Every instance runs one. Each round it claims the active endpoints no other instance holds
/// (a lease in the endpoint's row), and for each sends its oldest waiting delivery, or makes the
/// next one from the log (``WebhookStore/makeDelivery(for:)``). A delivery answered 2xx is done
/// and the next follows at once; any other answer, or none within 10 seconds, is tried again
/// after ``WebhookBackoff``. An endpoint that has failed for a day is disabled, with an audit
/// event. At most eight endpoints are sent to at once.
final class WebhookDispatcher: Sendable {
    static let interval: Duration = .milliseconds(250)
    static let timeout: Duration = .seconds(10)
    static let concurrency = 8
    /// How long a claim on an endpoint lasts without renewal: an instance that stopped lets its
    /// endpoints go to another after this.
    static let leaseMillis: Int64 = 30_000
    /// Deliveries sent to one endpoint in one round, while they succeed.
    static let deliveriesPerRound = 20

    let store: WebhookStore
    let policy: WebhookURLPolicy
    let sender: any WebhookSender
    let clock: any ServerClock
    let audit: AuditLog
    let logger: Logger
    /// This instance, as endpoint leases name it.
    let owner = UUID().canonical

    init(store: WebhookStore, policy: WebhookURLPolicy, sender: any WebhookSender, audit: AuditLog, logger: Logger) {
        self.store = store
        self.policy = policy
        self.sender = sender
        self.clock = store.clock
        self.audit = audit
        self.logger = logger
    }

    /// Runs rounds until cancelled, the next at once while there is a backlog to send.
    func run() async {
        while !Task.isCancelled {
            var delivered = 0
            do {
                delivered = try await round()
            } catch {
                logger.warning("Webhook round failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            if delivered == 0 { try? await Task.sleep(for: Self.interval) }
        }
        try? await store.release(owner: owner)
    }

    /// One round over every endpoint this instance may deliver to; returns how many deliveries
    /// were answered 2xx.
    @discardableResult
    func round() async throws -> Int {
        guard try await store.hasActiveEndpoints() else { return 0 }
        let due = try await store.claimActive(owner: owner, leaseUntil: clock.nowMillis + Self.leaseMillis)
        var delivered = 0
        for start in stride(from: 0, to: due.count, by: Self.concurrency) {
            delivered += await withTaskGroup(of: Int.self) { group in
                for endpoint in due[start..<min(start + Self.concurrency, due.count)] {
                    group.addTask {
                        do {
                            return try await self.deliver(to: endpoint)
                        } catch {
                            self.logger.warning("Webhook delivery failed", metadata: [
                                "webhook": "\(endpoint.endpoint.id.canonical)", "error": "\(String(reflecting: error))"])
                            return 0
                        }
                    }
                }
                return await group.reduce(0, +)
            }
        }
        return delivered
    }

    /// Sends the endpoint's deliveries while they succeed, up to ``deliveriesPerRound``; returns
    /// how many were answered 2xx.
    private func deliver(to due: WebhookStore.Due) async throws -> Int {
        var endpoint = due.endpoint
        for sent in 0..<Self.deliveriesPerRound {
            var delivery = try await store.waiting(for: endpoint.id)
            if delivery == nil { (delivery, endpoint.cursor) = try await store.makeDelivery(for: endpoint) }
            guard let delivery, delivery.nextAttemptAt <= clock.nowMillis,
                  try await attempt(delivery, of: WebhookStore.Due(endpoint: endpoint, secret: due.secret)) else { return sent }
        }
        return Self.deliveriesPerRound
    }

    /// Sends `delivery` once; whether it was answered 2xx.
    private func attempt(_ delivery: WebhookStore.Delivery, of due: WebhookStore.Due) async throws -> Bool {
        let endpoint = due.endpoint
        let body = Data(delivery.body.utf8)
        let now = clock.now()
        let started = ContinuousClock.now
        var status: Int?
        var failure: String?
        do {
            guard let url = URL(string: endpoint.url) else { throw WebhookURLPolicy.Refusal.malformed }
            try await policy.check(url)
            let seconds = Int64(now.timeIntervalSince1970)
            status = try await sender.post(body, to: url, headers: [
                (WebhookSignature.header, WebhookSignature.header(for: body, secret: due.secret, at: seconds)),
                (WebhookSignature.deliveryHeader, delivery.id.canonical),
            ], timeout: Self.timeout)
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
