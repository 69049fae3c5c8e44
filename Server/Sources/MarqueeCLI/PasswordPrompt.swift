#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a password for `marquee users create`.
enum PasswordPrompt {
    /// From the terminal without echo (asking twice), or the first line of standard input when
    /// it is not a terminal or `fromStandardInput` is set. `nil` when nothing was given or the
    /// two typed passwords differ (said on standard error).
    static func read(fromStandardInput: Bool) -> String? {
        guard !fromStandardInput, isatty(STDIN_FILENO) == 1 else {
            return readLine(strippingNewline: true).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let first = readSilently(prompt: "Password (at least 12 characters): "),
              let second = readSilently(prompt: "Repeat it: ") else { return nil }
        guard first == second else {
            FileHandle.standardError.write(Data("The two passwords differ.\n".utf8))
            return nil
        }
        return first.isEmpty ? nil : first
    }

    /// One line from the terminal with echo turned off, restored afterwards.
    private static func readSilently(prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
