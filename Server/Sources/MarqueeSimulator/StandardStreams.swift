import Foundation

/// Unbuffered standard output, so scripted runs see each line as soon as it is written.
public enum StandardOutput {
    public static let write: @Sendable (String) -> Void = { text in
        let line = text.hasSuffix("> ") ? text : text + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}

/// Standard input as an asynchronous sequence of lines, read on a thread of its own.
public enum StandardInput {
    public static func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}
