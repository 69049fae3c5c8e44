import ArgumentParser
import MarqueeServer

/// `marquee serve`: run the server.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Marquee server (SQLite by default; migrations run on start).")

    @OptionGroup var options: ServerOptions

    @Flag(help: "Seed an app with subscription ID 'demo-subscription', one active campaign of each message kind, and (on a server without accounts) a dashboard administrator demo@marquee.local whose password is printed once.")
    var demo = false

    func run() async throws {
        try await MarqueeServerRunner.serve(try options.resolve(seedsDemo: demo))
    }
}

/// `marquee migrate`: bring the database schema up to date and exit.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or update the database schema, then exit.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        try await MarqueeServerRunner.migrate(try options.resolve())
    }
}
