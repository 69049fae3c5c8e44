import Crypto
import Foundation

/// Random tokens and their stored hashes. Only hashes are stored, so a copied database leaks no credentials.
enum Secrets {
    /// App secrets start with this, so a leaked one is easy to recognise.
    static let appSecretPrefix = "mqs_"

    /// A 256-bit random token, URL-safe.
    static func generate(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let encoded = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + encoded
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).lowercaseHex
    }

    /// Compares two strings in time that depends only on their length, not on where they differ.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
