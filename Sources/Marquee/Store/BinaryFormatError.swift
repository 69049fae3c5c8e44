import Foundation

/// A stored file that is not in the layout its reader expects.
struct BinaryFormatError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
