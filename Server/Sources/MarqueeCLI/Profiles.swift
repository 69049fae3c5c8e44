import ArgumentParser
import Foundation
import MarqueeServer

/// `marquee profiles`: the attributes and tags the server keeps about an app's users.
struct Profiles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the profiles (attributes and tags) of an app's users.",
        subcommands: [Import.self])

    /// `marquee profiles import`: a CSV or NDJSON file into an app's user profiles.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import user profiles from a CSV or NDJSON file.",
            discussion: """
            NDJSON: one object per line, {"userID": "ada", "attributes": {"tier": "gold"}, "addTags": ["beta"]}. \
            CSV: a header row naming userID, optionally tags (separated by |), and one column per attribute, \
            typed by a suffix (points:number, vip:boolean, renewal:date, interests:list); an empty cell keeps \
            the attribute as it is. The file is read in chunks and applied 500 lines to a transaction; lines \
            that cannot be read or break a limit are listed by number and skipped. Exits 1 when any line failed.
            """)

        @OptionGroup var options: ServerOptions

        @Option(help: "The app: its ID or its subscription ID.")
        var app: String

        @Option(help: "csv or ndjson (default: from the file's extension).")
        var format: String?

        @Argument(help: "The file to import.")
        var file: String

        func run() async throws {
            let named = format ?? URL(fileURLWithPath: file).pathExtension.lowercased()
            guard let format = ProfileAdministration.Format(rawValue: named == "jsonl" ? "ndjson" : named) else {
                throw ValidationError("name the format with --format csv or --format ndjson")
            }
            let outcome = try await ProfileAdministration.importFile(file, app: app, format: format, configuration: try options.resolve()) {
                imported, failed in
                FileHandle.standardError.write(Data("\rimported \(imported), failed \(failed)".utf8))
            }
            FileHandle.standardError.write(Data("\n".utf8))
            for error in outcome.errors { print("line \(error.line): \(error.message)") }
            if outcome.failed > outcome.errors.count { print("… and \(outcome.failed - outcome.errors.count) more failed lines") }
            print("Imported \(outcome.imported) profiles; \(outcome.failed) lines failed.")
            if outcome.failed > 0 { throw ExitCode(1) }
        }
    }
}
