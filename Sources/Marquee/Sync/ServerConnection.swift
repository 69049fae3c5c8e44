import Foundation

/// The server the SDK was configured with: where its configuration is, and the client that
/// speaks its protocol. It exists from `configure` on.
struct ServerConnection: Sendable {
    let configurationURL: URL
    let client: ProtocolClient
}
