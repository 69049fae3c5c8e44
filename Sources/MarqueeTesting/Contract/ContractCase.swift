import Foundation
import MarqueeModel

/// One case of the client contract: an input and the outcome every SDK must reach from it.
///
/// The input and the expectation stay as JSON until the area's runner reads them into its own
/// types, so a file can hold kinds this type knows nothing about.
public struct ContractCase: Sendable {
    public let area: String
    public let name: String
    public let kind: String
    public let input: Data
    public let expected: Data

    public init(area: String, name: String, kind: String, input: Data, expected: Data) {
        self.area = area
        self.name = name
        self.kind = kind
        self.input = input
        self.expected = expected
    }

    /// `area/name`: what skips name and what the test output shows.
    public var id: String { "\(area)/\(name)" }

    /// Reads the input as `T`, with the dates and defaults of Marquee's JSON.
    public func input<T: Decodable>(as type: T.Type) throws -> T {
        try MarqueeJSON.decoder().decode(T.self, from: input)
    }

    /// Reads the expectation as `T`, refusing keys `T` does not read: an expectation the runner
    /// would ignore must not pass unnoticed.
    public func expected<T: ContractExpectation>(as type: T.Type) throws -> T {
        let object = try JSONSerialization.jsonObject(with: expected) as? [String: Any] ?? [:]
        let unknown = Set(object.keys).subtracting(T.keys)
        guard unknown.isEmpty else { throw ContractError.unknownExpectation(id, unknown.sorted()) }
        return try MarqueeJSON.decoder().decode(T.self, from: expected)
    }
}
