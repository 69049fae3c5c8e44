import Fluent
import Foundation
import MarqueeModel
import Vapor

/// Takes one erased user's ID out of the audit log, replacing it with a pseudonym that names no
/// one: in paths (the `…/users/<id>` segment) and in the before and after states (JSON strings
/// equal to the ID, such as an entry of the testers list). The entries stay, so the log still
/// says what was done and when; they no longer say to whom.
struct AuditRedaction: Sendable {
    let userID: String
    /// `erased-` and random hex: the same within one erasure, unrelated to the ID.
    let pseudonym: String

    init(userID: String) {
        self.userID = userID
        var generator = SystemRandomNumberGenerator()
        pseudonym = "erased-" + (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// `path` with the user's segment after `users/` replaced.
    func path(_ path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices.dropFirst() where segments[index - 1] == "users"
            && (segments[index].removingPercentEncoding ?? segments[index]) == userID {
            segments[index] = pseudonym
        }
        return segments.joined(separator: "/")
    }

    /// A stored state (JSON text) with every string equal to the ID replaced.
    func state(_ json: String?) -> String? {
        guard let json, let literal = Self.literal(userID), let replacement = Self.literal(pseudonym) else { return json }
        return json.replacingOccurrences(of: literal, with: replacement)
    }

    func change(_ change: CatalogChange) -> CatalogChange {
        var change = change
        change.before = state(change.before)
        change.after = state(change.after)
        return change
    }

    /// Pseudonymizes the app's stored entries that name the user; returns how many changed.
    func apply(toEntriesOf appID: UUID, on db: any Database) async throws -> Int {
        // `contains` may match more (LIKE wildcards in an ID); each row is checked exactly below.
        let candidates = try await AuditEventRecord.query(on: db).filter(\.$appID == appID).group(.or) { group in
            group.filter(\.$path, .contains(inverse: false, .anywhere), userID)
            if let literal = Self.literal(userID) {
                group.filter(\.$before, .contains(inverse: false, .anywhere), literal)
                group.filter(\.$after, .contains(inverse: false, .anywhere), literal)
            }
        }.all()
        var changed = 0
        for record in candidates {
            let path = path(record.path), before = state(record.before), after = state(record.after)
            guard path != record.path || before != record.before || after != record.after else { continue }
            record.path = path
            record.before = before
            record.after = after
            try await record.update(on: db)
            changed += 1
        }
        return changed
    }

    private static func literal(_ text: String) -> String? {
        (try? MarqueeJSON.encoder().encode(text)).map { String(decoding: $0, as: UTF8.self) }
    }
}

private struct AuditRedactionKey: StorageKey {
    typealias Value = AuditRedaction
}

extension Request {
    /// Set by a request that erases a user: its own audit entry names the pseudonym instead.
    var auditRedaction: AuditRedaction? {
        get { storage[AuditRedactionKey.self] }
        set { storage[AuditRedactionKey.self] = newValue }
    }
}
