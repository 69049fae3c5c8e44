import Foundation

/// An account's email, normalized so that one person has one account: surrounding spaces
/// dropped and lowercased (mail servers treat the local part case-insensitively in practice,
/// and people type it both ways).
public struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    public let value: String

    public static let maxLength = 254

    /// `nil` unless `text` looks like `local@domain.tld`: one `@`, no spaces or control
    /// characters, a dot in the domain, at most 254 characters.
    public init?(_ text: String) {
        let normalized = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = normalized.split(separator: "@", omittingEmptySubsequences: false)
        guard normalized.count <= Self.maxLength, parts.count == 2,
              !parts[0].isEmpty, parts[1].count >= 3, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !normalized.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        value = normalized
    }

    public var description: String { value }
}
