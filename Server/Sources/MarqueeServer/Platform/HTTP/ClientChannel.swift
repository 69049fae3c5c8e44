import NIOCore
import Vapor

/// The connection a request arrived on, kept so work done for it can stop once its client has gone.
struct ClientChannelKey: StorageKey {
    typealias Value = any Channel
}

extension Request {
    /// False once the client that sent this request has closed its connection: whatever is still
    /// to be computed for it would be thrown away. Requests built without a connection (tests
    /// that call the responder directly) always count as connected.
    var clientIsConnected: Bool {
        storage[ClientChannelKey.self]?.isActive ?? true
    }
}
