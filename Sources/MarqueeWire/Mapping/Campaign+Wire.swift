import Foundation
import MarqueeModel

extension Campaign {
    /// A date far enough away to mean "no end" to clients that read `endTimeMillis` regardless.
    static let noEndMillis: Int64 = 253_402_300_799_000

    /// This campaign as the RInAppMessaging protocol carries it: every required key present and
    /// every code in range. With `includingExtension`, the full campaign rides along under `marquee`.
    public func campaignData(includingExtension: Bool) -> CampaignData {
        CampaignData(
            campaignId: id,
            maxImpressions: delivery.maxImpressions,
            type: message.kind.campaignTypeCode,
            isTest: isTest,
            triggers: triggers.baseTriggers,
            infiniteImpressions: delivery.infiniteImpressions,
            hasNoEndDate: delivery.endTime == nil,
            isCampaignDismissable: message.isDismissable,
            customJson: wireCustomJSON,
            messagePayload: messagePayload,
            marquee: includingExtension ? CampaignExtension(campaign: self) : nil
        )
    }

    /// The message's custom JSON, with `pushPrimer.button` (the 1-based index of the push-primer
    /// button) added: RInAppMessaging's iOS client reads it to tell push primers apart and to hide
    /// them from users who already allowed notifications.
    var wireCustomJSON: JSONValue? {
        guard let index = message.buttons.firstIndex(where: { $0.action.type == .pushPrimer }) else {
            return message.customJSON
        }
        let marker = JSONValue.object(["button": .number(Double(index + 1))])
        guard case .object(var fields)? = message.customJSON else {
            // A non-object custom JSON has no room for the marker; base clients ignore it anyway.
            return message.customJSON == nil ? .object(["pushPrimer": marker]) : message.customJSON
        }
        fields["pushPrimer"] = marker
        return .object(fields)
    }

    private var messagePayload: MessagePayload {
        let isTooltip = message.kind == .tooltip
        let tooltipTitle = name.hasPrefix(TooltipBody.titlePrefix) ? name : "\(TooltipBody.titlePrefix) \(name)"
        let body: String? = switch message.kind {
        case .tooltip: message.tooltip.map { TooltipBody($0).json }
        case .html: message.html
        // A carousel's or survey's own body; its pages or questions reach capable clients
        // through the `marquee` extension.
        case .modal, .fullScreen, .slideUp, .banner, .image, .video, .carousel, .survey: message.body
        }
        let colors = message.colors
        return MessagePayload(
            title: isTooltip ? tooltipTitle : name,
            header: message.title.isEmpty ? nil : message.title,
            messageBody: body,
            titleColor: colors.title.opaqueHex,
            headerColor: colors.title.opaqueHex,
            messageBodyColor: colors.body.opaqueHex,
            backgroundColor: colors.background.opaqueHex,
            frameColor: colors.frame.opaqueHex,
            resource: ResourceDTO(imageUrl: message.image?.url, cropType: message.image?.crop == .center ? .center : .fill),
            messageSettings: MessageSettingsDTO(
                displaySettings: DisplaySettingsDTO(
                    orientation: message.orientation == .landscape ? .landscape : .portrait,
                    slideFrom: message.kind == .slideUp || message.kind == .banner ? SlideDirectionCode(message.slideEdge) : nil,
                    endTimeMillis: delivery.endTime.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? Self.noEndMillis,
                    textAlign: message.textAlignment == .center ? .center : .fill,
                    optOut: message.showsOptOut,
                    html: message.kind == .html,
                    delay: delivery.delayAfterCloseMillis),
                controlSettings: ControlSettingsDTO(
                    buttons: message.buttons.map(\.dto),
                    content: message.contentAction.map { ContentDTO(onClickBehavior: $0.behavior, campaignTrigger: $0.logsEvent?.dto) })))
    }
}

extension Message {
    /// The edge a slide-up or banner enters from.
    var slideEdge: SlideEdge {
        if kind == .banner { return banner?.placement == .top ? .top : .bottom }
        return slideFrom ?? .bottom
    }
}

extension MessageKind {
    /// The nearest base type; kinds the base protocol lacks are sent only to capable clients.
    var campaignTypeCode: CampaignTypeCode {
        switch self {
        case .modal, .image, .video, .carousel, .survey: .modal
        case .fullScreen, .tooltip: .full
        case .slideUp, .banner: .slide
        case .html: .html
        }
    }
}

extension MessageButton {
    var dto: ButtonDTO {
        ButtonDTO(buttonText: text, buttonTextColor: textColor.opaqueHex,
                  buttonBackgroundColor: backgroundColor.opaqueHex, buttonBehavior: action.behavior,
                  campaignTrigger: action.logsEvent?.dto)
    }
}

extension MessageAction {
    var behavior: BehaviorDTO { BehaviorDTO(action: ActionCode(type), uri: uri) }
}

extension EmittedEvent {
    var dto: TriggerDTO {
        TriggerDTO(eventType: .custom, eventName: name, attributes: attributes.sorted { $0.key < $1.key }.map {
            TriggerAttributeDTO(name: $0.key, value: $0.value.text, type: AttributeTypeCode($0.value.type), operator: .equals)
        })
    }
}

extension TriggerSet {
    /// The triggers as a base client reads them: AND across all of them. Marquee-only event kinds
    /// travel as custom events named after their key, which capable clients never read.
    var baseTriggers: [TriggerDTO] {
        (flattenedConjunction ?? allTriggers).map { trigger in
            TriggerDTO(
                eventType: EventTypeCode(trigger.event) ?? .custom,
                eventName: trigger.event == .custom ? trigger.key.name : trigger.key.description,
                attributes: trigger.conditions.map {
                    TriggerAttributeDTO(name: $0.name, value: $0.value, type: AttributeTypeCode($0.type),
                                        operator: OperatorCode($0.operator))
                })
        }
    }
}
