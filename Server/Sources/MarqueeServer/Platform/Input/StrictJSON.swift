import Foundation
import MarqueeModel

/// Decodes JSON and rejects keys that the target type does not know, naming each one and the
/// closest key it does know (`message.buttons[0].action.event`: did you mean `logsEvent`?).
enum StrictJSON {
    /// Decodes like ``decode(_:from:)``, with decoding errors reported as the API reports them.
    static func decodeBody<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try decode(type, from: data)
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: .invalidBody, APIErrorMiddleware.describe(error))
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let ledger = KeyLedger()
        let decoder = MarqueeJSON.decoder()
        decoder.userInfo[AuditedRoot<T>.ledgerKey] = ledger
        let value: T
        do {
            value = try decoder.decode(AuditedRoot<T>.self, from: data).value
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && ledger.lastAsked != nil
            && (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            // Valid JSON, yet Foundation says otherwise without a path: a number that does not fit
            // its field (50.5 for a whole number). The field last asked for is the one.
            throw APIError(.badRequest, code: .invalidBody, "\(ledger.lastAsked ?? ""): must be a whole number in range",
                           fields: [ValidationIssue(field: ledger.lastAsked ?? "", message: "must be a whole number in range")])
        }
        // The body parsed as T, yet a value T ignores may still be out of JSONSerialization's
        // range (`{"zz": 1e999}`): the client's error, not the server's.
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw APIError.unreadableBody
        }
        let unknown = unknownKeys(in: json, path: "", ledger: ledger)
        guard unknown.isEmpty else {
            throw APIError(.badRequest, code: .unknownField,
                           unknown.count == 1 ? "\(unknown[0].field) is not a known field" : "\(unknown.count) fields are not known",
                           fields: unknown)
        }
        return value
    }

    private static func unknownKeys(in json: Any, path: String, ledger: KeyLedger) -> [ValidationIssue] {
        if let array = json as? [Any] {
            return array.enumerated().flatMap { unknownKeys(in: $1, path: "\(path)[\($0)]", ledger: ledger) }
        }
        guard let object = json as? [String: Any] else { return [] }
        // Objects read whole (free-form JSON such as customJSON) were never opened as containers.
        let audited = ledger.openedObjects.contains(path)
        let known = ledger.askedKeys[path] ?? []
        var issues: [ValidationIssue] = []
        for key in object.keys.sorted() {
            let child = path.isEmpty ? key : "\(path).\(key)"
            if audited && !known.contains(key) {
                let hint = closest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? ""
                issues.append(ValidationIssue(field: child, message: "is not a known field\(hint)"))
            } else if let value = object[key] {
                issues += unknownKeys(in: value, path: child, ledger: ledger)
            }
        }
        return issues
    }

    /// The known key most like `key`: one containing it (or contained in it), else the nearest by
    /// edit distance, if it is near enough to be a plausible typo.
    static func closest(to key: String, in known: Set<String>) -> String? {
        let lower = key.lowercased()
        let candidates = known.sorted()
        if let containing = candidates.first(where: { $0.lowercased().contains(lower) || lower.contains($0.lowercased()) }) {
            return containing
        }
        let scored = candidates.map { ($0, editDistance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The root of an audited decode: hands the decoder, wrapped, to `T`.
private struct AuditedRoot<T: Decodable>: Decodable {
    static var ledgerKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "marquee.keyLedger")! }

    let value: T

    init(from decoder: any Decoder) throws {
        guard let ledger = decoder.userInfo[Self.ledgerKey] as? KeyLedger else {
            value = try T(from: decoder)
            return
        }
        value = try T(from: KeyAuditingDecoder(base: decoder, ledger: ledger))
    }
}
