/// A valid account waiting to be created: the one gate every way of creating accounts (the
/// API, `marquee users create`, the demo) goes through.
public struct NewAccount: Sendable {
    public static let minimumPasswordCharacters = 12
    /// Bcrypt ignores what follows the 72nd byte; a longer password would only seem stronger.
    public static let maximumPasswordBytes = 72

    public let email: EmailAddress
    public let role: AccountRole
    let password: String

    /// Checks every value; throws the first problem.
    public init(email: String, role: String, password: String) throws(AccountError) {
        guard let address = EmailAddress(email) else { throw .invalidEmail(email) }
        self.email = address
        self.role = try Self.role(role)
        self.password = try Self.password(password)
    }

    /// A role named in any case.
    static func role(_ text: String) throws(AccountError) -> AccountRole {
        guard let role = AccountRole(rawValue: text.lowercased()) else { throw .invalidRole(text) }
        return role
    }

    /// A password long enough to resist guessing and short enough for bcrypt to read whole.
    static func password(_ text: String) throws(AccountError) -> String {
        guard text.count >= minimumPasswordCharacters else { throw .passwordTooShort(minimum: minimumPasswordCharacters) }
        guard text.utf8.count <= maximumPasswordBytes else { throw .passwordTooLong(maximumBytes: maximumPasswordBytes) }
        return text
    }
}
