/// A valid account waiting to be created: the one gate every way of creating accounts (the
/// API, `marquee users create`, the demo) goes through.
public struct NewAccount: Sendable {
    /// Characters are Unicode scalars, as JSON Schema counts them in `openapi.yaml`.
    public static let minimumPasswordCharacters = 12
    public static let maximumPasswordCharacters = 128

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

    /// A password long enough to resist guessing; every character of it counts (``PasswordWorkers``).
    static func password(_ text: String) throws(AccountError) -> String {
        let characters = text.unicodeScalars.count
        guard characters >= minimumPasswordCharacters else { throw .passwordTooShort(minimum: minimumPasswordCharacters) }
        guard characters <= maximumPasswordCharacters else { throw .passwordTooLong(maximum: maximumPasswordCharacters) }
        return text
    }
}
