import Foundation
import MarqueeModel

/// What the server stores for each field a form leaves empty, read from the model's own decoders
/// rather than restated: a campaign that names only what is required is decoded as the admin API
/// decodes it and encoded back. Each optional part a form can open (a button, an image, a banner,
/// a tooltip, media, a carousel page, a survey question, a goal) is named once, empty, so its
/// defaults appear too; a form reads the default of `message.buttons.3.textColor` at
/// `message.buttons.0.textColor`.
enum DashboardDefaults {
    /// Only what decoding requires; everything else is the decoders' defaults.
    private static let sparse = """
        {"name": "", "message": {"kind": "modal",
          "buttons": [{"text": ""}], "image": {"url": ""}, "banner": {}, "tooltip": {"targetElementID": ""}, "media": {},
          "pages": [{"id": "", "buttons": [{"text": ""}]}],
          "survey": {"questions": [{"id": "", "kind": "text", "prompt": ""}]}},
         "goal": {"event": "custom"}}
        """

    /// The campaign, as JSON. A slide-up message without an edge enters from the edge devices use.
    static let campaign: JSONValue = {
        do {
            var campaign = try MarqueeJSON.decoder().decode(Campaign.self, from: Data(sparse.utf8))
            campaign.message.slideFrom = .standard
            let encoded = try MarqueeJSON.encoder().encode(campaign)
            return try JSONDecoder().decode(JSONValue.self, from: encoded)
        } catch {
            preconditionFailure("the model no longer decodes the dashboard's sparse campaign: \(error)")
        }
    }()
}
