import Fluent
import MarqueeModel
import MarqueeWire
import Vapor

/// Step 3 of a ping: the answer. The admitted campaigns in the languages the client shows, and
/// for Marquee clients (and inbox clients) the extension: frequency caps, the inbox endpoints,
/// the verified user's placeholder values, and the list's fingerprint, which spares a client the
/// list it already holds. A client that reads lists by reference is sent where its list is
/// (``CampaignListReferences``) in place of the list.
struct PingAnswer {
    var body: PingResponseBody
    /// The languages the forms are written in, which the cache of compressed lists is keyed by.
    let languages: [String]

    static func make(for asker: PingAsker, admitted: PingAdmission, req: Request) async throws -> PingAnswer {
        let app = asker.app
        let languages = try await PingLanguages.of(asker, on: req.db)
        let campaigns = PingCampaignList(snapshot: asker.snapshot, keys: admitted.keys, extended: asker.isExtended, languages: languages)
        let inbox = asker.capabilities.contains(.inbox) ? InboxEndpoints(base: req.publicBaseURL) : nil
        var body = PingResponseBody(currentPingMillis: req.marquee.clock.nowMillis, nextPingMillis: app.settings.pingIntervalSeconds * 1000,
                                    campaigns: campaigns, marquee: nil)
        if asker.isExtended || inbox != nil {
            let attributes = try await verifiedUserAttributes(of: asker, in: req.userRows)
            let fingerprint = PingFingerprint(campaigns: campaigns, languages: languages, caps: app.settings.frequencyCaps, inbox: inbox,
                                              capabilities: asker.body.marqueeCapabilities ?? [], pushPrimer: asker.body.supportsPushPrimer,
                                              userAttributes: attributes).value
            let unchanged = asker.body.marqueeFingerprint == fingerprint
            body.marquee = unchanged
                ? PingExtension(frequencyCaps: [], fingerprint: fingerprint, unchanged: true)
                : PingExtension(frequencyCaps: app.settings.frequencyCaps, inbox: inbox, fingerprint: fingerprint,
                                userAttributes: attributes.isEmpty ? nil : attributes)
            if unchanged {
                body.campaigns.keys = []
            } else if asker.capabilities.contains(.campaignLists) {
                body.marquee?.list = try await CampaignListReferences.reference(to: campaigns, appID: app.id, req: req)
                body.campaigns.keys = []
            }
        }
        return PingAnswer(body: body, languages: languages)
    }

    /// The placeholder values of the ping's user, only when the request proves who the user is
    /// (a valid signature): without identity verification anyone could claim a user ID and read them.
    private static func verifiedUserAttributes(of asker: PingAsker, in rows: UserRows) async throws -> [String: String] {
        guard asker.identity.isVerified, let userID = asker.identity.identity.userID else { return [:] }
        return try await rows.values(appID: asker.app.id, userID: userID)
    }
}
