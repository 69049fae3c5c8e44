import Foundation
import MarqueeModel

// marquee-bench regex: the pattern that stalled a backtracking engine, `(.*a){12}$`, on values of
// a's and a final '!' that it never matches. Marquee's matcher (the one the SDK, the server and
// the trigger tester run) against a plain scan of the same text, measured in the same run: the
// ratio stays flat as the text grows, which is what linear time means. Foundation's backtracking
// NSRegularExpression on short values shows what the subset avoids.

func regexBenchmark() {
    let pattern = "(.*a){12}$"
    guard let regex = CompiledRegex(pattern) else { return }
    let condition = AttributeCondition(name: "query", type: .string, operator: .matchesRegex, value: pattern)
    print("pattern \(pattern) on \"a\" × n + \"!\" (never matches)")
    print("        n | Marquee µs | per char ns | scan µs | ratio to scan | via a trigger condition µs")
    for length in [1_000, 10_000, 100_000] {
        let text = String(repeating: "a", count: length) + "!"
        let rounds = max(1, 200_000 / length)
        let matcher = timed(rounds) { _ = regex.matches(text) }
        let scan = timed(rounds) { _ = text.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } }
        let attributes: [String: AttributeValue] = ["query": .string(text)]
        let viaCondition = timed(rounds) { _ = condition.matches(attributes) }
        print(String(format: "%9d | %10.1f | %11.2f | %7.1f | %13.1f | %10.1f", length, matcher * 1e6,
                     matcher / Double(length) * 1e9, scan * 1e6, matcher / scan, viaCondition * 1e6))
    }
    guard let foundation = try? NSRegularExpression(pattern: pattern) else { return }
    print("Foundation's NSRegularExpression (backtracking) on the same kind of value:")
    for length in [16, 20, 24] {
        let text = String(repeating: "a", count: length) + "!"
        let seconds = timed(1) { _ = foundation.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) }
        let ours = timed(100) { _ = regex.matches(text) }
        print(String(format: "n = %2d: NSRegularExpression %10.1f µs, Marquee %6.1f µs", length, seconds * 1e6, ours * 1e6))
    }
}

/// Seconds per call of `body`, the best of three runs of `rounds` calls.
private func timed(_ rounds: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        let start = ContinuousClock.now
        for _ in 0..<rounds { body() }
        best = min(best, seconds(start) / Double(rounds))
    }
    return best
}
