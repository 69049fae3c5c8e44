import Foundation

extension UUID {
    /// The same text as `uuidString` (upper case, hyphenated), written out by hand: Foundation
    /// formats it with `snprintf` on Linux, which costs more than the rest of binding an
    /// impression row to a SQLite statement.
    var uppercaseText: String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = digits.utf8Start[Int(byte >> 4)]
                    text[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }
}
