import Foundation
import Marquee
import NIOConcurrencyHelpers

/// Reads a live channel as a client would, through the SDK's own stream transport, and keeps
/// everything it received as text, for tests to wait on.
final class EventStreamReader: Sendable {
    private struct State {
        var status: Int?
        var text = ""
        var ended = false
    }

    private let state = NIOLockedValueBox(State())
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// Opens `GET /v1/live` on `server` as device `deviceID` of the app `subscriptionID`, with
    /// `extra` headers (`X-Forwarded-For` through a trusted proxy).
    init(baseURL: URL, subscriptionID: String, deviceID: String = "reader-\(UUID().uuidString)", lastEventID: String? = nil,
         extra: [String: String] = [:]) {
        var headers = ["Subscription-Id": subscriptionID, "device_id": deviceID, "Accept": "text/event-stream"].merging(extra) { $1 }
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let stream = URLSessionStreamTransport().open(HTTPRequest(method: "GET", url: baseURL.appendingPathComponent("v1/live"),
                                                                  headers: headers))
        let state = self.state
        task.withLockedValue {
            $0 = Task {
                do {
                    for try await part in stream {
                        switch part {
                        case .status(let status): state.withLockedValue { $0.status = status }
                        case .bytes(let data): state.withLockedValue { $0.text += String(decoding: data, as: UTF8.self) }
                        }
                    }
                } catch {}
                state.withLockedValue { $0.ended = true }
            }
        }
    }

    var status: Int? { state.withLockedValue(\.status) }
    var text: String { state.withLockedValue(\.text) }
    var ended: Bool { state.withLockedValue(\.ended) }

    /// Waits up to `seconds` for `condition` on what was received; returns whether it held.
    func waitFor(seconds: Double, _ condition: @Sendable (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(text)
    }

    /// Waits up to `seconds` for the status line.
    func waitForStatus(seconds: Double) async -> Int? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline, status == nil, !ended { try? await Task.sleep(for: .milliseconds(20)) }
        return status
    }

    func close() {
        task.withLockedValue { $0?.cancel() }
    }
}
