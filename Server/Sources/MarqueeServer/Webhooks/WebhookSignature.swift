import Crypto
import Foundation

/// `Marquee-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the
/// endpoint's secret as shown (its UTF-8 bytes). The time is signed with the body, so a receiver
/// that refuses old times refuses replays.
enum WebhookSignature {
    static let header = "Marquee-Signature"
    static let deliveryHeader = "Marquee-Delivery"
    /// Secrets start with this, so a leaked one is easy to recognise.
    static let secretPrefix = "whsec_"

    static func header(for body: Data, secret: String, at unixSeconds: Int64) -> String {
        "t=\(unixSeconds),v1=\(signature(for: body, secret: secret, at: unixSeconds))"
    }

    static func signature(for body: Data, secret: String, at unixSeconds: Int64) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        let signed = Data("\(unixSeconds).".utf8) + body
        return Data(HMAC<SHA256>.authenticationCode(for: signed, using: key)).lowercaseHex
    }
}
