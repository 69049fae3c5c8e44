import Foundation
import MarqueeModel

extension Campaign {
    /// What a client must understand to be sent this campaign in some form. Empty means the base
    /// RInAppMessaging protocol expresses it fully. For a campaign with an experiment or a goal
    /// that is what its plain arms need (``plainArms``): clients without
    /// ``Capability/experiments`` receive their user's arm as a plain campaign.
    public var requiredCapabilities: Set<Capability> {
        guard isMeasured else { return plainCapabilities }
        return plainArms.reduce(into: Set<Capability>()) { $0.formUnion($1.campaign.plainCapabilities) }
    }

    /// What a client must understand to receive this campaign whole, with its experiment and
    /// goal: the experiments capability and what every arm needs.
    public var measuredCapabilities: Set<Capability> {
        requiredCapabilities.union([.experiments, .campaignExtension])
    }

    /// Whether `url` names an SVG file (by its path's extension, whatever the query).
    static func isSVG(_ url: String) -> Bool {
        let path = URLComponents(string: url)?.path ?? url
        return path.lowercased().hasSuffix(".svg")
    }

    /// What the message, triggers and delivery rules need, ignoring any experiment or goal.
    private var plainCapabilities: Set<Capability> {
        var needed: Set<Capability> = []
        switch message.kind {
        case .banner: needed.insert(.bannerMessages)
        case .image: needed.insert(.imageMessages)
        case .video: needed.insert(.videoMessages)
        // Base clients draw a tooltip from its image alone: text or buttons would not show.
        case .tooltip:
            let hasText = !message.title.isEmpty || !(message.body ?? "").isEmpty || !message.buttons.isEmpty
            if message.image == nil || hasText { needed.insert(.tooltipMessages) }
        case .html: needed.insert(.htmlMessages)
        case .carousel: needed.insert(.carouselMessages)
        case .survey: needed.insert(.surveyMessages)
        // Exhaustive on purpose: a new kind must decide here whether base clients can show it.
        case .slideUp: if message.slideFrom == .top { needed.insert(.slideFromTop) }
        case .modal, .fullScreen: break
        }
        if let image = message.image, Self.isSVG(image.url) { needed.insert(.svgImages) }
        if message.header != nil { needed.insert(.messageHeader) }
        if message.template != nil { needed.insert(.messageTemplates) }
        if triggers.flattenedConjunction == nil { needed.insert(.anyTriggers) }
        for trigger in triggers.allTriggers {
            if trigger.occurrences > 1 { needed.insert(.triggerOccurrences) }
            for condition in trigger.conditions {
                switch condition.operator {
                case .containsItem: needed.insert(.itemConditions)
                case .matchesRegex, .doesNotMatchRegex:
                    if CompiledRegex.changesWhenLowercased(condition.value) { needed.insert(.regexEscapes) }
                case .equals, .isNotEqual, .greaterThan, .lessThan, .isBlank, .isNotBlank: break
                }
            }
            switch trigger.event {
            case .sessionStart: needed.insert(.sessionStartEvents)
            case .pushClick: needed.insert(.pushClickEvents)
            case .viewAppeared: needed.insert(.viewAppearedEvents)
            case .rule: needed.insert(.ruleEvents)
            case .appStart, .login, .purchase, .custom: break
            }
        }
        if channel == .embedded { needed.insert(.embeddedPlacements) }
        if delivery.priority != 0 { needed.insert(.priority) }
        if !delivery.frequencyCapIDs.isEmpty { needed.insert(.frequencyCaps) }
        if delivery.reEligibilitySeconds != nil { needed.insert(.reEligibility) }
        if !needed.isEmpty { needed.insert(.campaignExtension) }
        return needed
    }
}
