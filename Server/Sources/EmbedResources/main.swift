// Writes the Swift source that carries what the server serves from its own binary: the OpenAPI
// document and the dashboard's files, so a release binary copied alone has everything it serves.
// The EmbedResourcesPlugin build tool runs it on every build of MarqueeServer:
//
//     EmbedResources OUTPUT OPENAPI_YAML DASHBOARD_FILE...
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

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let output = arguments.first else { fail("usage: EmbedResources OUTPUT OPENAPI_YAML DASHBOARD_FILE...") }
let openAPI = arguments.dropFirst().first!
let dashboard = arguments.dropFirst(2).sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }

var lines = [
    "// Generated at build time by EmbedResourcesPlugin from Ops/Resources/openapi.yaml and Dashboard/Web/.",
    "",
    "/// What the server serves from its own binary: the OpenAPI document and the dashboard's files.",
    "enum EmbeddedResources {",
    "    static let openAPI = " + literal(read(openAPI)),
    "",
    "    /// The dashboard's files by name.",
    "    static let dashboard: [String: String] = [",
]
for path in dashboard {
    lines.append("        \"\((path as NSString).lastPathComponent)\": " + literal(read(path)) + ",")
}
lines += ["    ]", "}", ""]
do {
    try lines.joined(separator: "\n").write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    fail("\(output): \(error)")
}
