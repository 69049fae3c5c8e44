import MarqueeModel

extension Campaign {
    /// What a client must understand to show this campaign as designed. Empty means the base
    /// RInAppMessaging protocol expresses it fully.
    public var requiredCapabilities: Set<Capability> {
        var needed: Set<Capability> = []
        switch message.kind {
        case .banner: needed.insert(.bannerMessages)
        case .image: needed.insert(.imageMessages)
        case .video: needed.insert(.videoMessages)
        // Base clients draw a tooltip only from its image.
        case .tooltip: if message.image == nil { needed.insert(.tooltipMessages) }
        // Exhaustive on purpose: a new kind must decide here whether base clients can show it.
        case .modal, .fullScreen, .slideUp, .html: break
        }
        if message.header != nil { needed.insert(.messageHeader) }
        if message.template != nil { needed.insert(.messageTemplates) }
        if triggers.flattenedConjunction == nil { needed.insert(.anyTriggers) }
        for trigger in triggers.allTriggers {
            if trigger.occurrences > 1 { needed.insert(.triggerOccurrences) }
            if trigger.conditions.contains(where: { $0.operator == .containsItem }) { needed.insert(.itemConditions) }
            switch trigger.event {
            case .sessionStart: needed.insert(.sessionStartEvents)
            case .pushClick: needed.insert(.pushClickEvents)
            case .viewAppeared: needed.insert(.viewAppearedEvents)
            case .rule: needed.insert(.ruleEvents)
            case .appStart, .login, .purchase, .custom: break
            }
        }
        if delivery.priority != 0 { needed.insert(.priority) }
        if !delivery.frequencyCapIDs.isEmpty { needed.insert(.frequencyCaps) }
        if delivery.reEligibilitySeconds != nil { needed.insert(.reEligibility) }
        if !needed.isEmpty { needed.insert(.campaignExtension) }
        return needed
    }
}
