import MarqueeModel
import MarqueeRender
import Vapor

/// One campaign's message rendered as the web SDK shows it: a page of its own in a frame, drawn
/// by the renderer the iOS presenter and the dashboard's preview use, so it looks the same
/// everywhere.
///
/// The page carries its own policy (``MessageFramePolicy``): the renderer's, sandboxed into an
/// opaque origin, and framable only by the app's web origins.
struct MessageFrame: Sendable {
    var campaign: Campaign
    var form: MessageFrameForm
    var webOrigins: [String]

    /// The campaign `form` names, as that arm shows it, when it is one of the app's active
    /// campaigns that devices are sent (over the app, or in a placement); otherwise 404.
    init(form: MessageFrameForm, snapshot: CampaignCatalog.Snapshot, webOrigins: [String]) throws {
        guard let entry = snapshot.entry(id: form.campaignID), entry.campaign.channel.isSentInPings else {
            throw APIError.campaignNotShown(form.campaignID)
        }
        campaign = entry.campaign
        if let arm = form.arm {
            guard let shown = entry.campaign.resolved(for: arm) else {
                throw APIError.variantNotShown(arm.id, campaignID: form.campaignID)
            }
            campaign = shown
        }
        self.form = form
        self.webOrigins = webOrigins
    }

    /// Renders on the server's render workers (as previews are) and answers with the page.
    func response(on request: Request) async throws -> Response {
        let document = try await request.marquee.renderWorkers.run(on: request.eventLoop, isWanted: { request.clientIsConnected }) {
            render()
        }
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.add(name: "Content-Security-Policy", value: MessageFramePolicy.header(document: document.contentSecurityPolicy,
                                                                                      webOrigins: webOrigins))
        headers.add(name: .cacheControl, value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        return Response(status: .ok, headers: headers, body: .init(string: document.html))
    }

    /// The options the Swift SDK's web view presenter renders with: the user's language for
    /// Marquee's own words, the SDK's placeholder values, no stand-in for a tooltip's target.
    private func render() -> RenderedDocument {
        var options = RenderOptions(theme: form.theme, personalization: form.personalization,
                                    strings: LocalizedRenderStrings.builtIn.strings(for: form.language.map { [$0] } ?? []),
                                    showsTooltipTarget: false)
        if campaign.channel == .embedded, let placement = campaign.placement {
            options.embedding = Embedding(placement: placement)
        }
        // The language of the text shown: the translation picked, or the campaign's own language.
        options.language = LanguageTag.pick(from: campaign.message.translations.keys, for: form.language) ?? campaign.defaultLanguage
        return HTMLRenderer(options: options).document(campaign.message.localized(to: form.language))
    }
}

extension APIError {
    /// Not a campaign the subscription's app shows: another app's, a draft, paused or archived,
    /// inbox only, or none at all (the answer does not say which).
    static func campaignNotShown(_ campaignID: String) -> APIError {
        APIError(.notFound, code: .campaignNotShown, "this app has no active campaign '\(campaignID)' that devices show")
    }

    /// An arm of the campaign's experiment that shows no message: the control group, or none of its variants.
    static func variantNotShown(_ variant: String, campaignID: String) -> APIError {
        APIError(.notFound, code: .campaignNotShown, "campaign '\(campaignID)' has no variant '\(variant)' that shows a message")
    }
}
