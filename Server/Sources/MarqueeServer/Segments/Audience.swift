import Foundation
import MarqueeModel

/// Whom an audience count admits: a segment's rule, or a campaign's targeting with the app's
/// segments it names. Each known user is decided by the same rules a ping applies
/// (``SegmentRule/matches(_:)``, ``Targeting/admits(_:)``), so a count never disagrees with
/// what devices get.
enum Audience: Sendable {
    case rule(SegmentRule)
    /// `segments`: those the targeting names, each known to the app.
    case targeting(Targeting, segments: [Segment])

    /// The audience of `targeting`; `nil` when it names a segment `known` does not hold.
    static func of(_ targeting: Targeting, among known: [Segment]) -> Audience? {
        let byID = Dictionary(known.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let named = targeting.segments.all.map { byID[$0.lowercased()] }
        guard named.allSatisfy({ $0 != nil }) else { return nil }
        return .targeting(targeting, segments: named.compactMap { $0 })
    }

    /// The campaigns whose history the rules read.
    var campaignsInHistory: [UUID] {
        let rules = switch self {
        case .rule(let rule): [rule]
        case .targeting(_, let segments): segments.map(\.rule)
        }
        return rules.reduce(into: Set<String>()) { $0.formUnion($1.campaignsInHistory) }
            .compactMap(UUID.init(uuidString:)).sorted { $0.uuidString < $1.uuidString }
    }

    /// Whether the known user `userID`, as `subject` describes them, is in the audience.
    func admits(userID: String, _ subject: SegmentSubject) -> Bool {
        switch self {
        case .rule(let rule):
            return rule.matches(subject)
        case .targeting(let targeting, let segments):
            let membership = Set(segments.lazy.filter { $0.rule.matches(subject) }.map { $0.id.lowercased() })
            let facts = subject.facts
            return targeting.admits(DeviceContext(identity: UserIdentity(userID: userID), appVersion: facts.appVersion,
                                                  locale: facts.locale, platform: facts.platform, segments: membership))
        }
    }
}
