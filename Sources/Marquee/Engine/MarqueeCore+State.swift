import MarqueeModel

extension MarqueeCore {
    /// What the SDK holds right now for the current user.
    func state() -> MarqueeState {
        MarqueeState(
            identity: identity,
            isEnabled: settings.isEnabled,
            isPaused: settings.isPaused,
            isInForeground: lifecycle.isInForeground,
            sessionStartedAt: lifecycle.sessionStartedAt,
            onScreen: scheduler.message?.message,
            tooltipsOnScreen: scheduler.tooltips.all.map(\.message),
            immediateOnScreen: scheduler.immediateDisplays.map(\.message),
            // The queue holds summaries; the app sees each waiting message whole.
            queued: scheduler.waiting(settings.queueOrder).map { item in
                let campaign = item.isLocal ? item.campaign : listedCampaign(item.campaign.id) ?? item.campaign
                return InAppMessage(campaign: campaign, isLocal: item.isLocal)
            },
            campaigns: bucket.campaigns.map { campaign in
                let left = bucket.impressionsLeft(campaign)
                return CampaignState(
                    id: campaign.id, name: campaign.name, kind: campaign.message.kind, isTest: campaign.isTest,
                    impressionsLeft: left == Int.max ? nil : left,
                    isOptedOut: bucket.optedOut.contains(campaign.id),
                    listensFor: campaign.triggers.allTriggers.map(\.key.description),
                    variant: campaign.arm(for: experimentUnit(of: identity))?.id,
                    goal: campaign.goal?.summary,
                    hasConverted: bucket.converted.contains(campaign.id))
            },
            pendingImpressionBatches: outbox.items.count { item in
                switch item.payload {
                case .impression: true
                case .inboxTracking, .conversion, .profile, .survey: false
                }
            },
            pendingConversions: outbox.items.count { item in
                switch item.payload {
                case .conversion: true
                case .impression, .inboxTracking, .profile, .survey: false
                }
            },
            pendingSurveyResponses: outbox.items.count { item in
                switch item.payload {
                case .survey: true
                case .impression, .inboxTracking, .conversion, .profile: false
                }
            },
            heldMessages: held.entries.map { entry in
                CampaignState(id: entry.campaign.id, name: entry.campaign.name, kind: entry.campaign.message.kind, isTest: false,
                              impressionsLeft: entry.viewsLeft, isOptedOut: false,
                              listensFor: entry.campaign.triggers.allTriggers.map(\.key.description),
                              variant: nil, goal: nil, hasConverted: false)
            })
    }
}
