import Foundation
import MarqueeModel

/// A user's values for message placeholders (`%%first_name%%`), which an app's backend keeps on
/// the server: the body of `PUT …/users/:userID/attributes`.
struct UserAttributes: Codable, Sendable, Equatable {
    var attributes: [String: String]

    enum Limits {
        static let count = 50
        static let nameLength = 64
        static let valueLength = 1_000
    }

    /// Names are placeholder names (letters, digits, `_`, `-`, `.`), so each one can be used.
    func validationIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if attributes.count > Limits.count {
            issues.append(ValidationIssue(field: "attributes", message: "at most \(Limits.count) values"))
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            let field = "attributes.\(name)"
            if name.isEmpty || !IdentifierLimits.fits(name, Limits.nameLength) || !name.allSatisfy(Self.isNameCharacter) {
                issues.append(ValidationIssue(field: field, message: "names are 1 to \(Limits.nameLength) letters, digits, _, - or ."))
            }
            if value.count > Limits.valueLength {
                issues.append(ValidationIssue(field: field, message: "at most \(Limits.valueLength) characters"))
            }
        }
        return issues
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "_-.".contains(character))
    }
}
