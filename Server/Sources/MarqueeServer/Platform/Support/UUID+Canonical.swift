import Foundation

extension UUID {
    /// The one spelling of an id the API uses everywhere: lower case (`UUID.uuidString` is upper case).
    var canonical: String { uuidString.lowercased() }
}
