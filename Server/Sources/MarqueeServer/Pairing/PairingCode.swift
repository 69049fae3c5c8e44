import Crypto
import Foundation

/// The short code a person reads off the dashboard, or its QR code carries: six characters of an
/// alphabet without look-alikes (no 0/O, 1/I/L), about 2^29 codes.
enum PairingCode {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    static let length = 6
    /// Wrong codes an address may try a minute, all at once or spread out: ten a minute make
    /// guessing one of 2^29 codes within its ten minutes hopeless. The docs give this number.
    static let attemptsPerMinute = 10

    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// The code as typed, upper-cased and without spaces or dashes; `nil` when it cannot be a code.
    static func normalized(_ text: String) -> String? {
        guard text.utf8.count <= 32 else { return nil }
        let code = String(text.uppercased().filter { $0 != " " && $0 != "-" })
        guard code.count == length, code.allSatisfy(alphabet.contains) else { return nil }
        return code
    }

    /// What the database keeps of a code: its hash, so the table holds no code as typed. With so
    /// few codes that is no secret; a code's ten minutes and the attempt limit protect it.
    static func hash(_ code: String) -> String {
        SHA256.hash(data: Data(code.utf8)).lowercaseHex
    }
}
