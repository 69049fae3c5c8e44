import Foundation
import MarqueeModel
import MarqueeWire

/// The App Inbox requests. Failures are ``InboxError``s, read from the server's error code, so the
/// caller can tell a missing identity, a refused signature and a stale token apart.
extension ProtocolClient {
    /// How an inbox request failed.
    enum InboxFailure: Error, Sendable, Hashable {
        /// The server no longer knows the sync token: sync again without one.
        case resyncRequired
        case failed(InboxError)
    }

    func inboxSync(url: URL, request: InboxSyncRequest, accessToken: String?,
                   signature: String?) async -> Result<InboxSyncResponse, InboxFailure> {
        await inboxPost(request, to: url, accessToken: accessToken, signature: signature, as: InboxSyncResponse.self)
    }

    func inboxUpdate(url: URL, request: InboxUpdateRequest, accessToken: String?,
                     signature: String?) async -> Result<InboxUpdateResponse, InboxFailure> {
        await inboxPost(request, to: url, accessToken: accessToken, signature: signature, as: InboxUpdateResponse.self)
    }

    /// Sends tracked opens and clicks from the outbox; failures are classified for retry like impressions.
    func inboxTrack(url: URL, request: InboxTrackRequest, accessToken: String?,
                    signature: String?) async -> Result<Void, RequestFailure> {
        do {
            let body = try MarqueeJSONCoders.encoder.encode(request)
            let response = try await transport.send(HTTPRequest(method: "POST", url: url,
                                                                 headers: headers(accessToken: accessToken, signature: signature),
                                                                 body: body))
            if let failure = Self.failure(status: response.status, endpoint: "inboxTrack") { return .failure(failure) }
            return .success(())
        } catch {
            return .failure(.retryable(.transport(endpoint: "inboxTrack", description: String(describing: error))))
        }
    }

    private struct ErrorBody: Decodable {
        struct Detail: Decodable {
            var code: String
        }

        var error: Detail
    }

    private func inboxPost<Body: Encodable, Response: Decodable>(
        _ body: Body, to url: URL, accessToken: String?, signature: String?, as type: Response.Type
    ) async -> Result<Response, InboxFailure> {
        let response: HTTPResponse
        do {
            let data = try MarqueeJSONCoders.encoder.encode(body)
            response = try await transport.send(HTTPRequest(method: "POST", url: url,
                                                            headers: headers(accessToken: accessToken, signature: signature),
                                                            body: data))
        } catch {
            return .failure(.failed(.transport(String(describing: error))))
        }
        guard (200..<300).contains(response.status) else {
            let code = (try? MarqueeJSONCoders.decoder.decode(ErrorBody.self, from: response.body))?.error.code
            // Error codes are open-ended strings; anything else is reported by its status.
            if code == InboxErrorCode.resyncRequired { return .failure(.resyncRequired) }
            if code == InboxErrorCode.requiresIdentity { return .failure(.failed(.requiresIdentity)) }
            if code == InboxErrorCode.identityNotVerified { return .failure(.failed(.identityNotVerified)) }
            return .failure(.failed(.httpStatus(response.status)))
        }
        do {
            return .success(try MarqueeJSONCoders.decoder.decode(type, from: response.body))
        } catch {
            return .failure(.failed(.invalidResponse(String(describing: error))))
        }
    }
}
