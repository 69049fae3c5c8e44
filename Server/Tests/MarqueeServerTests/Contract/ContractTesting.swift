import MarqueeTesting
import Testing

/// Each case shows in the test output under its name.
extension ContractCase: @retroactive CustomTestStringConvertible {
    public var testDescription: String { id }
}

extension ContractSkips {
    /// The server's declarations: `contract/skips/server.json`.
    static let server = declared(by: "server")
}
