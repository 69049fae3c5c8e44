import Foundation
import MarqueeModel
import Testing

/// One case of the client contract: an input and the outcome every SDK must reach from it.
///
/// The input and the expectation stay as JSON until the area's runner reads them into its own
/// types, so a file can hold kinds this type knows nothing about.
struct ContractCase: Sendable, CustomTestStringConvertible {
    let area: String
    let name: String
    let kind: String
    let input: Data
    let expected: Data

    /// `area/name`: what skips name and what the test output shows.
    var id: String { "\(area)/\(name)" }

    var testDescription: String { id }

    /// Reads the input as `T`, with the dates and defaults of Marquee's JSON.
    func input<T: Decodable>(as type: T.Type) throws -> T {
        try MarqueeJSON.decoder().decode(T.self, from: input)
    }

    /// Reads the expectation as `T`, refusing keys `T` does not read: an expectation the runner
    /// would ignore must not pass unnoticed.
    func expected<T: ContractExpectation>(as type: T.Type) throws -> T {
        let object = try JSONSerialization.jsonObject(with: expected) as? [String: Any] ?? [:]
        let unknown = Set(object.keys).subtracting(T.keys)
        guard unknown.isEmpty else { throw ContractError.unknownExpectation(id, unknown.sorted()) }
        return try MarqueeJSON.decoder().decode(T.self, from: expected)
    }
}

/// An expectation's type, with the keys it reads.
protocol ContractExpectation: Decodable {
    static var keys: Set<String> { get }
}

/// What makes a contract file or case unusable.
enum ContractError: Error, CustomStringConvertible {
    case unreadableFile(String, String)
    case unknownArea(String)
    case unknownKind(String, String)
    case unknownExpectation(String, [String])
    case malformed(String, String)

    var description: String {
        switch self {
        case .unreadableFile(let file, let why): "\(file) is not a contract file: \(why)"
        case .unknownArea(let id): "\(id): this runner does not know the area"
        case .unknownKind(let id, let kind): "\(id): this runner does not know the kind \"\(kind)\""
        case .unknownExpectation(let id, let keys): "\(id): the expectation has keys this runner does not check: \(keys.joined(separator: ", "))"
        case .malformed(let id, let why): "\(id): \(why)"
        }
    }
}
