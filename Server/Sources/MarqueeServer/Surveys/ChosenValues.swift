import Foundation
import MarqueeModel

/// The choice ids or the score one answer holds, stored together in one row as a JSON array of
/// strings: a multiple choice costs one row however many choices it has.
enum ChosenValues {
    static func packed(_ values: [String]) -> String {
        String(decoding: (try? MarqueeJSON.encoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The values of a stored `choice`; none when it is not an array of strings.
    static func unpacked(_ stored: String) -> [String] {
        (try? MarqueeJSON.decoder().decode([String].self, from: Data(stored.utf8))) ?? []
    }
}
