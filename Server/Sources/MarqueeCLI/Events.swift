import ArgumentParser
import Foundation
import MarqueeServer

/// `marquee events`: the event log of an app.
struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read an app's event log.",
        subcommands: [Export.self])

    /// `marquee events export`: the log as NDJSON on standard output.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write an app's events as NDJSON to standard output, oldest first.",
            discussion: """
            One event per line, as GET /api/v1/apps/{appID}/events returns them; progress and the cursor to \
            resume from go to standard error. Pass that cursor as --after to export only what came since.
            """)

        @OptionGroup var options: ServerOptions

        @Option(help: "The app: its ID or its subscription ID.")
        var app: String

        @Option(help: "Only events after this cursor (the `cursor` of the last event already exported).")
        var after: String?

        @Option(help: "Only these event types, comma-separated (impression,click,…).")
        var types: String?

        func run() async throws {
            let outcome = try await EventAdministration.export(
                app: app, after: after, types: types, configuration: try options.resolve(),
                write: { FileHandle.standardOutput.write($0) },
                progress: { FileHandle.standardError.write(Data("\rexported \($0) events".utf8)) })
            FileHandle.standardError.write(Data("\rexported \(outcome.count) events; resume with --after \(outcome.cursor)\n".utf8))
        }
    }
}
