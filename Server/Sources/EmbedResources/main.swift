// Writes the Swift source that carries what the server serves from its own binary: the OpenAPI
// document, the dashboard's files and the web SDK's bundle, so a release binary copied alone has
// everything it serves. The EmbedResourcesPlugin build tool runs it on every build of MarqueeServer:
//
//     EmbedResources OUTPUT OPENAPI_YAML DASHBOARD_FILE... [--web-sdk WEB_SDK_FILE...] [--demo-page DEMO_FILE...]
import Foundation

/// A Swift raw string literal whose value is exactly `text`: enough `#`s that no quote or
/// backslash in the text ends it or escapes.
func literal(_ text: String) -> String {
    var hashes = 1
    while text.contains("\"" + String(repeating: "#", count: hashes)) || text.contains("\\" + String(repeating: "#", count: hashes)) {
        hashes += 1
    }
    let mark = String(repeating: "#", count: hashes)
    // The newline before the closing delimiter is not part of the value.
    return mark + "\"\"\"\n" + text + "\n\"\"\"" + mark
}

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        fail("\(path) cannot be read as UTF-8")
    }
    // A multi-line literal's line endings are normalized, so a carriage return would not survive.
    if text.contains("\r") { fail("\(path) has carriage returns; save it with LF line endings") }
    return text
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

/// A file's bytes as base64: the web SDK's files are served byte for byte, whatever they hold.
func base64(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path) cannot be read") }
    return data.base64EncodedString()
}

func byName(_ paths: some Sequence<String>) -> [String] {
    paths.sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let output = arguments.first else {
    fail("usage: EmbedResources OUTPUT OPENAPI_YAML DASHBOARD_FILE... [--web-sdk WEB_SDK_FILE...] [--demo-page DEMO_FILE...]")
}
let openAPI = arguments[1]
let demoMarker = arguments.firstIndex(of: "--demo-page") ?? arguments.endIndex
let marker = arguments[..<demoMarker].firstIndex(of: "--web-sdk") ?? demoMarker
let dashboard = byName(arguments[2..<marker])
let webSDK = byName(arguments[min(marker + 1, demoMarker)..<demoMarker])
let demoPage = byName(arguments[min(demoMarker + 1, arguments.endIndex)...])

var lines = [
    "// Generated at build time by EmbedResourcesPlugin from Ops/Resources/openapi.yaml, Dashboard/Web/, SDK/WebBundle/ and Demo/WebPage/.",
    "",
    "/// What the server serves from its own binary: the OpenAPI document, the dashboard's files, the web SDK's and the demo page's.",
    "enum EmbeddedResources {",
    "    static let openAPI = " + literal(read(openAPI)),
    "",
    "    /// The dashboard's files by name.",
    "    static let dashboard: [String: String] = [",
]
for path in dashboard {
    lines.append("        \"\((path as NSString).lastPathComponent)\": " + literal(read(path)) + ",")
}
lines += [
    "    ]",
    "",
    "    /// The web SDK's built files (`SDK/WebBundle/`) by name, as base64 of their bytes.",
    "    static let webSDKBase64: [String: String] = [",
]
for path in webSDK {
    lines.append("        \"\((path as NSString).lastPathComponent)\": \"\(base64(path))\",")
}
lines += [
    "    ]",
    "",
    "    /// The demo web page's files (`Demo/WebPage/`) by name.",
    "    static let demoPage: [String: String] = [",
]
for path in demoPage {
    lines.append("        \"\((path as NSString).lastPathComponent)\": " + literal(read(path)) + ",")
}
lines += ["    ]", "}", ""]
do {
    try lines.joined(separator: "\n").write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    fail("\(output): \(error)")
}
