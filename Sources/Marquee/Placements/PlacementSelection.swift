import MarqueeModel

/// Which campaign a placement shows: among the user's embedded campaigns for it that are still
/// eligible (impressions left, frequency caps, opt-out, live window), the one with the highest
/// priority, then the newest. The server lists campaigns of equal priority oldest first, so the
/// newest is the last of them in the list.
enum PlacementSelection {
    static func best(for placement: String, in campaigns: [Campaign], isEligible: (Campaign) -> Bool) -> Campaign? {
        var best: (campaign: Campaign, position: Int)?
        for (position, campaign) in campaigns.enumerated()
        where campaign.channel == .embedded && campaign.placement == placement && isEligible(campaign) {
            guard let current = best else { best = (campaign, position); continue }
            let priority = campaign.delivery.priority, currentPriority = current.campaign.delivery.priority
            if priority > currentPriority || (priority == currentPriority && position > current.position) {
                best = (campaign, position)
            }
        }
        return best?.campaign
    }
}
