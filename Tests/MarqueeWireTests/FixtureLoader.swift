import Foundation
import MarqueeModel
import Testing

/// Reads the golden JSON fixtures in `Fixtures/`.
enum FixtureLoader {
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
                               "missing fixture \(name).json")
        return try Data(contentsOf: url)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try MarqueeJSON.decoder().decode(type, from: data(name))
    }

    /// Whether two JSON documents say the same thing, ignoring key order and formatting.
    static func sameJSON(_ a: Data, _ b: Data) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: a) as? NSObject
        let right = try JSONSerialization.jsonObject(with: b) as? NSObject
        return left == right
    }
}
