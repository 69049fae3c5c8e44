import Foundation
import PackagePlugin

/// Embeds `Ops/Resources/openapi.yaml`, every file of `Dashboard/Web/`, the web SDK's built
/// files in `SDK/WebBundle/` (not its README) and the demo web page (`Demo/WebPage/`) into MarqueeServer as `EmbeddedResources` (written
/// by the EmbedResources tool), so the binary serves them alone and the generated source is never
/// checked in.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let sources = context.package.directoryURL.appending(path: "Sources/\(target.name)")
        let openAPI = sources.appending(path: "Ops/Resources/openapi.yaml")
        let dashboard = try files(in: sources.appending(path: "Dashboard/Web"))
        let webSDK = try files(in: sources.appending(path: "SDK/WebBundle")).filter { $0.lastPathComponent != "README.md" }
        let demoPage = try files(in: sources.appending(path: "Demo/WebPage"))
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments = [output, openAPI] + dashboard
        return [.buildCommand(displayName: "Embedding openapi.yaml, \(dashboard.count) dashboard files and \(webSDK.count) web SDK files and the demo web page",
                              executable: try context.tool(named: "EmbedResources").url,
                              arguments: arguments.map { $0.path(percentEncoded: false) } + ["--web-sdk"]
                                + webSDK.map { $0.path(percentEncoded: false) }
                                + ["--demo-page"] + demoPage.map { $0.path(percentEncoded: false) },
                              inputFiles: [openAPI] + dashboard + webSDK + demoPage, outputFiles: [output])]
    }

    /// The folder's files, without hidden ones, by name.
    private func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }
    }
}
