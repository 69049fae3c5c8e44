// C's `stdout` is a global variable, which Swift 6 refuses to touch without this: it is changed
// once, at start, before any task runs.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Every command's output is for an operator, who must read it while the command runs: the demo
/// password, where the admin token is, a backup's progress. C's standard output is block-buffered
/// when it is a pipe or a file (a container, a systemd unit, `> server.log`), which would hold
/// those lines back until exit; flushing each line settles it once, for every `print`.
enum OperatorOutput {
    static func flushEachLine() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
