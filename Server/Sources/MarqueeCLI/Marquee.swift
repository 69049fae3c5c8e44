import ArgumentParser
import MarqueeModel

/// `marquee`: run and manage a Marquee server.
@main
struct MarqueeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marquee",
        abstract: "Marquee: self-hosted in-app messaging.",
        version: MarqueeVersion.current,
        subcommands: [Serve.self, Migrate.self, Backup.self, Restore.self, Users.self, Profiles.self, Events.self, Simulate.self],
        defaultSubcommand: Serve.self)

    static func main() async {
        OperatorOutput.flushEachLine()
        await main(nil)
    }
}
