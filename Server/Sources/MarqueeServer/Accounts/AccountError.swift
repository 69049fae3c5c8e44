import MarqueeModel

/// Why an account could not be created or changed. The API reports these as 4xx errors
/// (`APIErrorMiddleware` maps them with `APIError.init(_: AccountError)`); the CLI prints
/// ``description`` and exits non-zero.
public enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidEmail(String)
    case invalidRole(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximum: Int)
    case emailTaken(String)
    /// The change would leave no `admin` account (the admin token still works, but nobody could
    /// manage accounts from the dashboard).
    case lastAdministrator
    /// No account has this email (the CLI's `set-password`; sign-in never says so).
    case unknownAccount(String)
    /// No account has this id (deleted meanwhile, or never one).
    case accountNotFound

    public var description: String {
        switch self {
        case .invalidEmail(let text): "'\(text)' is not an email address such as ada@example.com"
        case .invalidRole(let text):
            "'\(text)' is not a role; use one of \(AccountRole.allCases.map(\.rawValue).joined(separator: ", "))"
        case .passwordTooShort(let minimum): "the password must have at least \(minimum) characters"
        case .passwordTooLong(let maximum): "the password must have at most \(maximum) characters"
        case .emailTaken(let email): "an account with the email \(email) exists already"
        case .lastAdministrator: "this is the last admin account; make another account admin first"
        case .unknownAccount(let email): "no account has the email \(email)"
        case .accountNotFound: "account not found"
        }
    }
}
