import Foundation
import MarqueeModel
import MarqueeWire

/// How many bytes an app's campaigns may take in a ping, so a ping's answer stays bounded
/// whatever the catalog holds. Each campaign counts its largest form: with the `marquee`
/// extension and every translation, as a Marquee client naming no language is sent it. Every
/// form a ping sends is no larger, so a ping's answer is at most ``maxBytes`` plus
/// ``envelopeAllowance``.
enum CatalogBudget {
    /// All of an app's campaigns that are not deleted, together.
    static let maxBytes = 2 * 1024 * 1024
    /// What a ping's answer adds around its campaigns: times, frequency caps, the inbox
    /// endpoints, the fingerprint and the user's placeholder values.
    static let envelopeAllowance = 64 * 1024
    /// The documented ceiling of a ping's answer, before compression.
    static var pingCeiling: Int { maxBytes + envelopeAllowance }

    /// The bytes `campaign` takes in a ping, at most.
    static func bytes(of campaign: Campaign) throws -> Int {
        try MarqueeJSON.encoder().encode(CampaignEnvelope(campaignData: campaign.campaignData(includingExtension: true))).count
    }

    /// The issue a save reports when `campaign` (`bytes`) does not fit beside the app's other
    /// campaigns (`others`); `nil` when it fits.
    static func issue(bytes: Int, others: Int) -> ValidationIssue? {
        guard others + bytes > maxBytes else { return nil }
        let left = max(0, maxBytes - others)
        return ValidationIssue(field: "message", message: """
            the app's campaigns may take \(kilobytes(maxBytes)) in a ping; the others take \(kilobytes(others)), \
            leaving \(kilobytes(left)) for this one, which takes \(kilobytes(bytes)): shorten it, drop translations, \
            or delete campaigns that have ended
            """)
    }

    private static func kilobytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024) KB"
    }
}
