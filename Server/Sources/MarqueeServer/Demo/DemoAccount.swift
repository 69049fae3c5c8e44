import Foundation

/// `marquee serve --demo`: an administrator account for the dashboard, `demo@marquee.local`
/// with a random password, created on a server that has no accounts yet. The password is
/// printed once, when the account is created; later starts only say that it exists.
struct DemoAccount {
    static let email = "demo@marquee.local"

    let accounts: AccountStore
    /// Where the dashboard is, for the message.
    let dashboardURL: String

    func seed() async throws {
        guard try await accounts.isEmpty() else {
            print("The dashboard at \(dashboardURL) signs in with an existing account (the demo's is \(Self.email)).")
            return
        }
        let password = Secrets.generate(prefix: "").prefix(20).description
        let account = try NewAccount(email: Self.email, role: AccountRole.admin.rawValue, password: password)
        _ = try await accounts.create(account)
        // Printed, not logged: like the admin token, it must reach the operator once and never land in log storage.
        print("""
        Created a demo administrator for the dashboard at \(dashboardURL) (shown only this once):
            email:    \(Self.email)
            password: \(password)
        """)
    }
}
