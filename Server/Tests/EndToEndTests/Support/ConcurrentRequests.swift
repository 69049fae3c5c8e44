import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `requests` all at once, as racing clients would; returns each answer's status, in the
/// order they came back (0 for a request without an HTTP answer).
func statusesOfRequestsSentAtOnce(_ requests: [URLRequest]) async throws -> [Int] {
    try await withThrowingTaskGroup(of: Int.self) { group in
        for request in requests {
            group.addTask { (try await URLSession.shared.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? 0 }
        }
        var statuses: [Int] = []
        for try await status in group { statuses.append(status) }
        return statuses
    }
}

extension URLRequest {
    /// A `POST` to `url` with the suite's admin token and no body.
    static func adminPOST(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(LiveServer.adminToken)", forHTTPHeaderField: "Authorization")
        return request
    }
}
