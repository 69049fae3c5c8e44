import Foundation
import PackagePlugin

/// Embeds `Ops/Resources/openapi.yaml` and every file of `Dashboard/Web/` into MarqueeServer as
/// `EmbeddedResources` (written by the EmbedResources tool), so the binary serves them alone and
/// the generated source is never checked in.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let sources = context.package.directoryURL.appending(path: "Sources/\(target.name)")
        let openAPI = sources.appending(path: "Ops/Resources/openapi.yaml")
        let web = sources.appending(path: "Dashboard/Web")
        let files = try FileManager.default.contentsOfDirectory(atPath: web.path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }.sorted().map { web.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [.buildCommand(displayName: "Embedding openapi.yaml and \(files.count) dashboard files",
                              executable: try context.tool(named: "EmbedResources").url,
                              arguments: ([output, openAPI] + files).map { $0.path(percentEncoded: false) },
                              inputFiles: [openAPI] + files, outputFiles: [output])]
    }
}
