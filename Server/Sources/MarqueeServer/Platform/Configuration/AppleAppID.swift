import Foundation

/// An iOS app as Apple names it for associated domains: its team ID, a dot, its bundle ID
/// (`ABCDE12345.com.example.shop`). The apps listed in the server's configuration open its
/// pairing links (``AppleAppSiteAssociation``).
public struct AppleAppID: Sendable, Equatable, CustomStringConvertible {
    public let teamID: String
    public let bundleID: String

    public var description: String { teamID + "." + bundleID }

    /// How many a server lists at most: a self-hosted server serves a handful of apps.
    public static let maxCount = 50
    /// Apple's limit on a bundle ID.
    static let maxBundleIDLength = 155

    /// Parses `TEAMID.bundle.id`; throws a message naming what is wrong.
    public init(parsing text: String) throws(ConfigurationError) {
        let shown = "'\(text.prefix(64))'"
        guard let dot = text.firstIndex(of: ".") else {
            throw ConfigurationError(problems: ["Apple app ID \(shown) must be TEAMID.bundle.id, such as ABCDE12345.com.example.shop"])
        }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        guard team.utf8.count == 10, team.utf8.allSatisfy({ Self.isUppercaseAlphanumeric($0) }) else {
            throw ConfigurationError(problems: ["Apple app ID \(shown): the team ID before the first dot must be 10 capital letters and digits"])
        }
        guard (1...Self.maxBundleIDLength).contains(bundle.utf8.count),
              bundle.utf8.allSatisfy({ Self.isBundleIDByte($0) }),
              bundle.first != ".", bundle.last != ".", !bundle.contains("..") else {
            throw ConfigurationError(problems: [
                "Apple app ID \(shown): the bundle ID after the team ID must be up to \(Self.maxBundleIDLength) letters, digits, hyphens and dots",
            ])
        }
        teamID = String(team)
        bundleID = String(bundle)
    }

    /// Parses a comma-separated list, naming every entry that is wrong.
    static func list(parsing text: String) throws(ConfigurationError) -> [AppleAppID] {
        var ids: [AppleAppID] = []
        var problems: [String] = []
        for entry in text.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            do { ids.append(try AppleAppID(parsing: trimmed)) } catch { problems += error.problems }
        }
        if ids.count > maxCount { problems.append("at most \(maxCount) Apple app IDs can be listed (got \(ids.count))") }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return ids
    }

    private static func isUppercaseAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isBundleIDByte(_ byte: UInt8) -> Bool {
        isUppercaseAlphanumeric(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
