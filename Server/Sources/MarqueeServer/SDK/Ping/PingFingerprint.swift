import Crypto
import Foundation
import MarqueeModel
import MarqueeWire

/// Identifies what a ping would send one client: the admitted campaigns (by the digests the
/// catalog computed when it encoded them), their order, the languages their translations were
/// chosen for, the frequency caps, the inbox endpoints,
/// the user's placeholder values, and what the client declared it understands, so a client that
/// learns something new gets the full list again.
struct PingFingerprint: Equatable {
    let value: String

    init(campaigns: PingCampaignList, languages: [String] = [], caps: [FrequencyCap], inbox: InboxEndpoints?,
         capabilities: [Capability], pushPrimer: Bool, userAttributes: [String: String] = [:]) {
        var hash = SHA256()
        hash.update(text: languages.joined(separator: ",") + "\n")
        hash.update(text: capabilities.map(\.rawValue).sorted().joined(separator: ","))
        hash.update(data: [pushPrimer ? 1 : 0])
        for cap in caps {
            hash.update(text: "\u{1}\(cap.id)\u{2}\(cap.limit)\u{2}\(cap.periodSeconds)")
        }
        let endpoints = inbox.map { [$0.sync, $0.update, $0.track] } ?? []
        hash.update(text: endpoints.joined(separator: "\n"))
        campaigns.snapshot.forEachDigest(of: campaigns.keys) { hash.update(bufferPointer: $0) }
        // Values sorted by name: the same values always hash the same.
        for (name, value) in userAttributes.sorted(by: { $0.key < $1.key }) {
            hash.update(text: "\u{1}\(name)\u{2}\(value)")
        }
        // 128 bits: collisions are out of reach, and an unchanged answer stays small.
        value = hash.finalize().prefix(16).lowercaseHex
    }
}

private extension SHA256 {
    /// Hashes the text's UTF-8 bytes in place.
    mutating func update(text: String) {
        var text = text
        text.withUTF8 { update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }
}
