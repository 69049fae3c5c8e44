import MarqueeTesting
import Testing

/// Each case shows in the test output under its name.
extension ContractCase: CustomTestStringConvertible {
    public var testDescription: String { id }
}

extension ContractSkips {
    /// The Swift SDK's declarations: `contract/skips/swift.json`.
    static let swift = declared(by: "swift")
}
