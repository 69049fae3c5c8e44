import MarqueeModel

/// The rules of an app's `webOrigins`: the origins whose pages may use the web SDK with the app
/// (``DeviceCORSMiddleware``). Each is written exactly as a browser sends it in `Origin`
/// (`https://shop.example.com`, `http://localhost:8080`), so a check is a plain comparison.
enum WebOrigins {
    static let maxCount = 20
    static let maxLength = 200
    static let countRange = 0...maxCount
    static let lengthRange = 1...maxLength

    /// Problems with `origins`, each naming its entry (`webOrigins[2]`) and why.
    static func issues(_ origins: [String]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if origins.count > maxCount {
            issues.append(ValidationIssue(field: "webOrigins", message: "at most \(maxCount) origins, not \(origins.count)"))
        }
        var seen: Set<String> = []
        for (index, origin) in origins.enumerated() {
            let field = "webOrigins[\(index)]"
            if let problem = problem(with: origin) {
                issues.append(ValidationIssue(field: field, message: "'\(origin.prefix(maxLength))' \(problem)"))
            } else if !seen.insert(origin).inserted {
                issues.append(ValidationIssue(field: field, message: "'\(origin)' is listed twice"))
            }
        }
        return issues
    }

    /// Why `origin` is not one a browser sends, or `nil` when it is.
    static func problem(with origin: String) -> String? {
        guard SchemaText.fits(origin, lengthRange) else { return "must be 1 to \(maxLength) characters" }
        guard origin.allSatisfy({ $0.isASCII }) else {
            return "must be ASCII: write an international host in its xn-- form, as browsers send it"
        }
        let scheme: String
        if origin.hasPrefix("https://") { scheme = "https" } else if origin.hasPrefix("http://") { scheme = "http" } else {
            return "must start with https:// or http:// (an origin is scheme://host[:port])"
        }
        let rest = origin.dropFirst(scheme.count + 3)
        if rest.contains(where: { "/?#".contains($0) }) {
            return "must have no path, query or fragment (and no trailing '/'): browsers send scheme://host[:port] only"
        }
        if rest.contains("@") { return "must have no user name or password" }
        if rest.contains("*") { return "cannot hold a wildcard: list each origin" }
        guard origin == origin.lowercased() else { return "must be lower-case, as browsers send it: \(origin.lowercased())" }
        let (host, port) = split(rest)
        guard let host, isHost(host) else { return "does not name a valid host" }
        if let port {
            guard let number = Int(port), !port.hasPrefix("0"), port.allSatisfy(\.isNumber), (1...65_535).contains(number) else {
                return "has an invalid port: 1 to 65535"
            }
            if (scheme == "https" && number == 443) || (scheme == "http" && number == 80) {
                return "names the default port, which browsers leave out: \(scheme)://\(host)"
            }
        }
        return nil
    }

    /// The host and the port after it; a bracketed IPv6 address keeps its brackets.
    private static func split(_ authority: Substring) -> (host: Substring?, port: Substring?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return (nil, nil) }
            let host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { return (host, nil) }
            guard after.hasPrefix(":") else { return (nil, nil) }
            return (host, after.dropFirst())
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (parts[0], nil)
        case 2: return (parts[0], parts[1])
        default: return (nil, nil)
        }
    }

    /// A DNS name (letters, digits and hyphens in labels of up to 63), an IPv4 address, or a
    /// bracketed IPv6 address.
    private static func isHost(_ host: Substring) -> Bool {
        if host.hasPrefix("[") {
            let inner = host.dropFirst().dropLast()
            return host.hasSuffix("]") && inner.contains(":") && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard (1...253).contains(host.count) else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
