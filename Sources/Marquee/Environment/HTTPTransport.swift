import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP request as the SDK sends it.
public struct HTTPRequest: Sendable, Hashable {
    /// `GET` or `POST`.
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response: status and body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}

/// Sends HTTP requests. The live version uses `URLSession`; tests pass their own.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws only for transport failures (no connection, timeout), never for a status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// The `URLSession` transport, with the protocol's 20-second timeout.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// Creates a transport on `session`.
    public init(session: URLSession = .shared, timeout: TimeInterval = 20) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends the request with `URLSession`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await data(for: urlRequest)
        return HTTPResponse(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        // The async URLSession API is missing from older FoundationNetworking; bridge the callback one.
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }
            task.resume()
        }
    }
}
