import ArgumentParser
import Foundation
import MarqueeServer

/// `marquee users`: the team accounts that sign in to the dashboard.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the team accounts that sign in to the dashboard.",
        subcommands: [Create.self, SetPassword.self, List.self])

    /// `marquee users create`: add an account.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a dashboard account.",
            discussion: """
            Asks for the password without echoing it when standard input is a terminal; otherwise \
            reads it from the first line of standard input (or always, with --password-stdin). \
            Roles: admin (everything), editor (campaigns), viewer (read only).
            """)

        @OptionGroup var options: ServerOptions

        @Option(help: "The account's email address.")
        var email: String

        @Option(help: "admin, editor or viewer.")
        var role: String

        @OptionGroup var password: PasswordInput

        func run() async throws {
            let configuration = try options.resolve()
            let password = try self.password.read()
            // A bad value or a taken email is an AccountError: printed as "Error: …", exit status 1.
            let account = try await AccountAdministration.create(email: email, role: role, password: password,
                                                                 configuration: configuration)
            print("Created \(account.role.rawValue) account \(account.email).")
        }
    }

    /// `marquee users set-password`: a new password for an account, ending its sessions.
    struct SetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-password",
            abstract: "Set a new password for a dashboard account and sign it out everywhere.",
            discussion: "Reads the password like `users create`.")

        @OptionGroup var options: ServerOptions

        @Option(help: "The account's email address.")
        var email: String

        @OptionGroup var password: PasswordInput

        func run() async throws {
            let configuration = try options.resolve()
            let password = try self.password.read()
            let account = try await AccountAdministration.setPassword(email: email, password: password, configuration: configuration)
            print("Set a new password for \(account.email); its sessions have ended.")
        }
    }

    /// `marquee users list`: every account.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the dashboard accounts.")

        @OptionGroup var options: ServerOptions

        func run() async throws {
            let accounts = try await AccountAdministration.list(configuration: try options.resolve())
            if accounts.isEmpty {
                print("No accounts yet; create one with: marquee users create --email you@example.com --role admin")
            }
            let formatter = ISO8601DateFormatter()
            for account in accounts {
                print("\(account.role.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(account.email)  (created \(formatter.string(from: account.createdAt)))")
            }
        }
    }
}

/// How the account commands take a password: asked for without echo on a terminal, otherwise
/// the first line of standard input (or always, with `--password-stdin`).
struct PasswordInput: ParsableArguments {
    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    func read() throws -> String {
        guard let password = PasswordPrompt.read(fromStandardInput: passwordStdin) else {
            throw ValidationError("no password was given on standard input")
        }
        return password
    }
}
