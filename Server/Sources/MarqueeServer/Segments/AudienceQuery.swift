import Foundation
import MarqueeModel
import SQLKit

/// A segment rule or a campaign's targeting as a condition on a known user's row, `p` in
/// `user_profiles`, for counting audiences in the database. Each condition means what
/// ``SegmentRule/matches(_:)`` means: a value of another type never compares, and a `not…`
/// holds for users without the value.
///
/// Attribute, tag and history conditions are `p.user_digest IN (…)` over a subquery that names no
/// column of `p`: the database finds the matching users once per statement through the indexes
/// of ``UserProfileIndex`` and `user_history` (by app, name and value), rather than once per user.
struct AudienceQuery {
    let appID: UUID
    let now: Date
    /// SQLite and PostgreSQL name "position of a text within another" differently.
    let isPostgres: Bool
    /// The app's segments by ID, for targeting that names them.
    var segments: [String: Segment] = [:]

    private static let yes: SQLQueryString = "1 = 1"
    private static let no: SQLQueryString = "1 = 0"

    func condition(_ rule: SegmentRule) -> SQLQueryString {
        switch rule {
        case .all(let rules): rules.isEmpty ? Self.yes : "(" + rules.map(condition).joined(separator: " AND ") + ")"
        case .any(let rules): rules.isEmpty ? Self.no : "(" + rules.map(condition).joined(separator: " OR ") + ")"
        case .attribute(let condition): attribute(condition.attribute, condition.operator, condition.value)
        case .tag(let condition):
            (condition.operator == .has ? "" : "NOT ") + """
                p.user_digest IN (SELECT t.user_digest FROM user_tags t WHERE t.app_id = \(bind: appID) AND t.tag = \(bind: condition.tag))
                """
        case .fact(let condition): fact(condition)
        case .history(let condition): history(condition)
        }
    }

    /// The campaign's targeting over known users; `nil` when a segment it names is not in ``segments``.
    func condition(_ targeting: Targeting) -> SQLQueryString? {
        var parts: [SQLQueryString] = []
        if targeting.audience == .anonymousUsers { parts.append(Self.no) }
        if let userIDs = targeting.userIDs {
            parts.append(userIDs.isEmpty ? Self.no : "p.user_id IN (" + userIDs.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ") + ")")
        }
        if let minimum = targeting.minAppVersion {
            parts.append("(p.app_version_order IS NOT NULL AND p.app_version_order >= \(bind: UserFactsStore.order(minimum)))")
        }
        if let maximum = targeting.maxAppVersion {
            parts.append("(p.app_version_order IS NOT NULL AND p.app_version_order <= \(bind: UserFactsStore.order(maximum)))")
        }
        // As in pings, an unknown locale or platform passes.
        if !targeting.locales.isEmpty {
            parts.append("(p.locale IS NULL OR " + targeting.locales.map(localeMatch).joined(separator: " OR ") + ")")
        }
        if !targeting.platforms.isEmpty {
            parts.append("(p.platform IS NULL OR p.platform IN (" + targeting.platforms.map { "\(bind: $0.rawValue)" as SQLQueryString }
                .joined(separator: ", ") + "))")
        }
        let chosen = targeting.segments
        guard chosen.all.allSatisfy({ segments[$0] != nil }) else { return nil }
        if !chosen.include.isEmpty {
            parts.append("(" + chosen.include.compactMap { segments[$0].map { condition($0.rule) } }.joined(separator: " OR ") + ")")
        }
        for id in chosen.exclude {
            if let segment = segments[id] { parts.append("NOT " + condition(segment.rule)) }
        }
        return parts.isEmpty ? Self.yes : "(" + parts.joined(separator: " AND ") + ")"
    }

    // MARK: - Attributes

    private func attribute(_ name: String, _ op: SegmentOperator, _ value: ProfileValue?) -> SQLQueryString {
        if let positive = op.negated { return "NOT " + attribute(name, positive, value) }
        guard let test = valueTest(op, value) else { return Self.no }
        return """
            p.user_digest IN (SELECT v.user_digest FROM user_profile_values v WHERE v.app_id = \(bind: appID) \
            AND v.name = \(bind: name) AND \(test))
            """
    }

    /// What one stored value row must satisfy; `nil` when nothing can.
    private func valueTest(_ op: SegmentOperator, _ value: ProfileValue?) -> SQLQueryString? {
        typealias Kind = UserProfileIndex.Kind
        func kind(_ kind: Kind) -> SQLQueryString { "v.kind = \(bind: kind.rawValue)" }
        switch (op, value) {
        case (.exists, _): return Self.yes
        case (.equals, .string(let text)?): return kind(.string) + " AND v.text_value = \(bind: text)"
        case (.equals, .boolean(let flag)?): return kind(.boolean) + " AND v.text_value = \(bind: String(flag))"
        case (.equals, .number(let number)?): return kind(.number) + " AND v.number_value = \(bind: number)"
        case (.equals, .date(let date)?): return kind(.date) + " AND v.number_value = \(bind: date.timeIntervalSince1970)"
        case (.contains, .string(let text)?):
            let within: SQLQueryString = isPostgres ? "strpos(v.text_value, \(bind: text)) > 0" : "instr(v.text_value, \(bind: text)) > 0"
            return "((" + kind(.listItem) + " AND v.text_value = \(bind: text)) OR (" + kind(.string) + " AND \(bind: text) <> '' AND " + within + "))"
        case (.greaterThan, _), (.lessThan, _), (.atLeast, _), (.atMost, _):
            let symbol = Self.symbol(op)
            switch value {
            case .number(let number)?: return kind(.number) + " AND v.number_value \(unsafeRaw: symbol) \(bind: number)"
            case .date(let date)?: return kind(.date) + " AND v.number_value \(unsafeRaw: symbol) \(bind: date.timeIntervalSince1970)"
            case .string?, .boolean?, .list?, nil: return nil
            }
        case (.withinLastDays, .number(let days)?):
            return kind(.date) + " AND v.number_value >= \(bind: now.timeIntervalSince1970 - days * 86_400)"
        case (.moreThanDaysAgo, .number(let days)?):
            return kind(.date) + " AND v.number_value < \(bind: now.timeIntervalSince1970 - days * 86_400)"
        default: return nil
        }
    }

    private static func symbol(_ op: SegmentOperator) -> String {
        switch op {
        case .greaterThan: ">"
        case .lessThan: "<"
        case .atLeast: ">="
        case .atMost: "<="
        case .equals: "="
        case .exists, .notExists, .notEquals, .contains, .notContains, .withinLastDays, .moreThanDaysAgo: "="
        }
    }

    // MARK: - Facts and history

    private func fact(_ condition: FactCondition) -> SQLQueryString {
        let op = condition.operator
        if let positive = op.negated { return "NOT " + fact(FactCondition(fact: condition.fact, operator: positive, value: condition.value)) }
        let nowMillis = now.millis
        switch condition.fact {
        case .firstSeen, .lastSeen:
            let column: SQLQueryString = condition.fact == .firstSeen ? "p.first_seen_at" : "p.last_seen_at"
            switch (op, condition.value) {
            case (.exists, _): return column + " IS NOT NULL"
            case (.withinLastDays, .number(let days)?): return "(" + column + " IS NOT NULL AND " + column + " >= \(bind: nowMillis - Int64(days) * 86_400_000))"
            case (.moreThanDaysAgo, .number(let days)?): return "(" + column + " IS NOT NULL AND " + column + " < \(bind: nowMillis - Int64(days) * 86_400_000))"
            case (.greaterThan, .date(let date)?), (.lessThan, .date(let date)?), (.atLeast, .date(let date)?), (.atMost, .date(let date)?):
                return "(" + column + " IS NOT NULL AND " + column + " \(unsafeRaw: Self.symbol(op)) \(bind: date.millis))"
            default: return Self.no
            }
        case .sessions:
            guard case .number(let number)? = condition.value, [.equals, .greaterThan, .lessThan, .atLeast, .atMost].contains(op) else { return Self.no }
            return "COALESCE(p.sessions, 0) \(unsafeRaw: Self.symbol(op)) \(bind: number)"
        case .appVersion:
            if op == .exists { return "p.app_version_order IS NOT NULL" }
            guard case .string(let text)? = condition.value, let version = AppVersion(text),
                  [.equals, .greaterThan, .lessThan, .atLeast, .atMost].contains(op) else { return Self.no }
            return "(p.app_version_order IS NOT NULL AND p.app_version_order \(unsafeRaw: Self.symbol(op)) \(bind: UserFactsStore.order(version)))"
        case .platform:
            if op == .exists { return "p.platform IS NOT NULL" }
            guard op == .equals, case .string(let text)? = condition.value else { return Self.no }
            return "(p.platform IS NOT NULL AND p.platform = \(bind: text))"
        case .locale:
            if op == .exists { return "p.locale IS NOT NULL" }
            guard op == .equals, case .string(let text)? = condition.value else { return Self.no }
            return "(p.locale IS NOT NULL AND " + localeMatch(text) + ")"
        }
    }

    /// `en` names every English locale. Tags are letters, digits and hyphens, so `LIKE` sees no wildcard of theirs.
    private func localeMatch(_ tag: String) -> SQLQueryString {
        let wanted = DeviceContext.normalizedLocale(tag)
        return "(p.locale = \(bind: wanted) OR p.locale LIKE \(bind: wanted + "-%"))"
    }

    private func history(_ condition: HistoryCondition) -> SQLQueryString {
        var test: SQLQueryString = """
            p.user_digest IN (SELECT h.user_digest FROM user_history h WHERE h.app_id = \(bind: appID) \
            AND h.campaign_id = \(bind: UUID(uuidString: condition.campaign) ?? UUID()) AND h.action = \(bind: condition.action.rawValue)
            """
        if let days = condition.withinDays {
            test += " AND h.last_at >= \(bind: now.millis - Int64(days) * 86_400_000)"
        }
        return (condition.operator == .did ? "" : "NOT ") + test + ")"
    }
}
