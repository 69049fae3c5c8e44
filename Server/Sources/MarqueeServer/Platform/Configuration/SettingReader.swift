/// Reads each setting from its flag, else its environment variable, and keeps every problem it
/// meets, so that a start with several bad values names them all at once.
struct SettingReader {
    let environment: [String: String]
    private(set) var problems: [String] = []

    /// The flag's text, else the variable's.
    func text(_ flag: String?, _ variable: String) -> String? {
        flag ?? environment[variable]
    }

    /// A whole number within `range`, or `nil` (with a problem named) when it is missing or bad.
    /// `what` names the setting in a message ("the idle timeout"); `unit` says what it counts.
    mutating func number(_ flag: Int?, _ variable: String, in range: ClosedRange<Int>, _ what: String, unit: String = "") -> Int? {
        let value: Int
        if let flag {
            value = flag
        } else if let text = environment[variable] {
            guard let parsed = Int(text) else {
                problems.append("\(variable)='\(text)' is not a whole number")
                return nil
            }
            value = parsed
        } else {
            return nil
        }
        guard range.contains(value) else {
            let counted = unit.isEmpty ? "" : " \(unit)"
            problems.append("\(what) must be \(range.lowerBound) to \(range.upperBound)\(counted) (got \(value))")
            return nil
        }
        return value
    }

    /// A switch set by the flag, or by the variable as `1`/`true` or `0`/`false`.
    mutating func isOn(_ flag: Bool, _ variable: String) -> Bool {
        switch environment[variable] {
        case nil, "", "0", "false": return flag
        case "1", "true": return true
        case let text?:
            problems.append("\(variable)='\(text)' must be 1 or 0")
            return flag
        }
    }

    /// `parse`'s value, or `nil` with its problems kept.
    mutating func parsed<Value>(_ text: String?, _ parse: (String) throws(ConfigurationError) -> Value) -> Value? {
        guard let text else { return nil }
        do {
            return try parse(text)
        } catch {
            problems += error.problems
            return nil
        }
    }

    mutating func report(_ problem: String) {
        problems.append(problem)
    }
}
