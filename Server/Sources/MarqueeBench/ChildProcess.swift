import Foundation

/// Runs this executable again with `arguments` and returns what it printed, so a measurement
/// (time and peak memory) belongs to a fresh process alone; empty when it cannot start.
func runChild(_ arguments: [String]) -> String {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #if !os(Linux)
    child.executableURL = Bundle.main.executableURL
    #endif
    child.arguments = arguments
    let pipe = Pipe()
    child.standardOutput = pipe
    do {
        try child.run()
    } catch {
        return ""
    }
    // Read before waiting: a child whose output fills the pipe would otherwise never exit.
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return String(data: output, encoding: .utf8) ?? ""
}
