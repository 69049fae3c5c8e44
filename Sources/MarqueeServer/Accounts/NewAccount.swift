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
        guard let role = AccountRole(rawValue: role.lowercased()) else { throw .invalidRole(role) }
        guard password.count >= Self.minimumPasswordCharacters else {
            throw .passwordTooShort(minimum: Self.minimumPasswordCharacters)
        }
        guard password.utf8.count <= Self.maximumPasswordBytes else {
            throw .passwordTooLong(maximumBytes: Self.maximumPasswordBytes)
        }
        self.email = address
        self.role = role
        self.password = password
    }
}
