/// Why ``MarqueeSDK/pair(code:)`` did not pair the device.
public enum PairingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `configure` has not run.
    case notConfigured
    /// The code is mistyped, used or expired: make a new one in the dashboard.
    case invalidCode
    /// The URL carries no pairing code.
    case invalidURL
    /// The server does not offer pairing.
    case unsupportedByServer
    /// The server could not be reached.
    case offline(String)
    /// Anything else the server or the network did.
    case failed(MarqueeError)

    /// The reason in words.
    public var description: String {
        switch self {
        case .notConfigured: "the SDK is not configured"
        case .invalidCode: "no pairing waits for this code: it is mistyped, used or expired"
        case .invalidURL: "the URL carries no pairing code"
        case .unsupportedByServer: "the server does not offer pairing"
        case .offline(let description): "the server could not be reached: \(description)"
        case .failed(let error): error.description
        }
    }
}
