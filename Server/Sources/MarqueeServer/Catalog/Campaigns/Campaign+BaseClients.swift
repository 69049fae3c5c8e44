import MarqueeModel
import MarqueeRender

extension Campaign {
    /// The campaign as RInAppMessaging's own clients are sent it: they show text as written, so
    /// each `%%name|fallback%%` placeholder is filled with its fallback here (and one without a
    /// fallback is left out), as the Marquee SDK would show it to a user with no value for it.
    /// Its name loses empty `[]` contexts, which its iOS and Android clients read differently.
    var filledForBaseClients: Campaign {
        var campaign = self
        campaign.name = Campaign.withoutEmptyContexts(name)
        let fill = { (text: String) in Personalizer.fill(text, values: [:]) }
        campaign.message.header = campaign.message.header.map(fill)
        campaign.message.title = fill(campaign.message.title)
        campaign.message.body = campaign.message.body.map(fill)
        for index in campaign.message.buttons.indices {
            campaign.message.buttons[index].text = fill(campaign.message.buttons[index].text)
        }
        return campaign
    }
}
