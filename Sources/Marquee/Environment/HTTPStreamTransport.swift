import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a long-lived request yields: its status, then its body as it arrives.
public enum HTTPStreamPart: Sendable, Hashable {
    /// The answer's HTTP status, first.
    case status(Int)
    /// Part of the body, as it arrived.
    case bytes(Data)
}

/// Opens requests whose answer stays open (the live channel). The live version uses
/// `URLSession`; tests pass their own.
public protocol HTTPStreamTransport: Sendable {
    /// Sends `request`. The stream yields the status first, then the body in parts as they
    /// arrive; it ends when the server closes, and throws for transport failures. Ending the
    /// iteration closes the connection.
    func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error>
}

/// The `URLSession` stream transport. A connection that hears nothing for `idleTimeout` seconds
/// fails, so a channel whose network went away is noticed (the server writes a heartbeat far
/// more often).
public struct URLSessionStreamTransport: HTTPStreamTransport {
    private let idleTimeout: TimeInterval

    /// Creates the transport.
    public init(idleTimeout: TimeInterval = 60) {
        self.idleTimeout = idleTimeout
    }

    /// Opens the request on a session of its own, whose delegate hears each part of the body.
    public func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: HTTPStreamPart.self)
        var urlRequest = URLRequest(url: request.url, timeoutInterval: idleTimeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: StreamDelegate(continuation), delegateQueue: nil)
        let task = session.dataTask(with: urlRequest)
        continuation.onTermination = { _ in
            task.cancel()
            // The session holds its delegate until it is invalidated.
            session.invalidateAndCancel()
        }
        task.resume()
        return stream
    }
}

/// Hands a data task's response and body parts to a stream.
// @unchecked Sendable: its one stored property is a continuation, which is Sendable; NSObject's
// own state is not touched.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        continuation.yield(.status((response as? HTTPURLResponse)?.statusCode ?? 0))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
