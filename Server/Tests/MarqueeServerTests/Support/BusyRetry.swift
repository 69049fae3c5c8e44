import Testing
import Vapor

/// Sends a write again while the server refuses it as busy (503 with `Retry-After`; nothing was
/// written), waiting as the answer says, as devices and the dashboard do. A machine running the
/// whole suite can keep the database busy past the server's wait; `attempts` bounds the test.
func retryingWhileBusy(attempts: Int = 10, _ send: () async throws -> TestResponse) async throws -> TestResponse {
    var response = try await send()
    for _ in 1..<attempts where response.status == .serviceUnavailable {
        let retryAfter = response.headers.first(name: .retryAfter)
        #expect(retryAfter != nil, "a busy answer says when to retry")
        try await Task.sleep(for: .seconds(min(retryAfter.flatMap(Int.init) ?? 1, 2)))
        response = try await send()
    }
    return response
}
