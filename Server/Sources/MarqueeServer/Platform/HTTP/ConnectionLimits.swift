/// What one HTTP connection may take from the server: how long it may stay silent, how long a
/// request head and body may take to arrive, and how large each part may be.
///
/// ``MarqueeHTTPServer`` enforces them before any route runs, so a stalled, oversized or
/// malformed request costs a bounded amount of time and memory and gets a proper status.
public struct ConnectionLimits: Sendable, Equatable {
    /// A connection with no request in flight that sends nothing for this long is closed.
    public var idleTimeoutSeconds: Int = 60
    /// A request head must arrive in full this long after its first byte (408 otherwise).
    public var headerTimeoutSeconds: Int = 10
    /// A request body must arrive in full this long after its head (408 otherwise).
    public var bodyTimeoutSeconds: Int = 30
    /// The request line and headers together (431 beyond).
    public var maxHeaderBytes: Int = 16 * 1024
    /// The request target: path and query (414 beyond).
    public var maxURIBytes: Int = 8 * 1024
    /// The request body (413 beyond).
    public var maxBodyBytes: Int = RequestLimits.maxBodyBytes
    /// Connections open at once; one more is closed as soon as it is accepted. `nil`: what the
    /// file-descriptor limit allows, less a reserve for the database and files, at most 16,384.
    public var maxConnections: Int?
    /// Connections one address may hold at once (a trusted proxy's count for no one); one more
    /// is closed as soon as it is accepted. `nil`: an eighth of `maxConnections`, at least 64.
    public var maxConnectionsPerAddress: Int?

    public init() {}

    /// The range every timeout is accepted in, in seconds.
    public static let timeoutRange = 1...3600
}
