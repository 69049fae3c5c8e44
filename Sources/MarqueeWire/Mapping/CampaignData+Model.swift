import Foundation
import MarqueeModel

/// Why a campaign from the wire could not become a Marquee campaign.
public enum WireMappingError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidCode(field: String, campaignID: String)
    case emptyCampaignID

    public var description: String {
        switch self {
        case .invalidCode(let field, let id): "campaign \(id): \(field) has the invalid code 0"
        case .emptyCampaignID: "a campaign has an empty campaignId"
        }
    }
}

extension CampaignData {
    /// The campaign this data describes: the `marquee` extension when present, else a mapping of
    /// the base fields. Throws for a campaign a client must skip.
    public func campaign() throws -> Campaign {
        guard !campaignId.isEmpty else { throw WireMappingError.emptyCampaignID }
        if let marquee {
            var campaign = marquee.campaign
            campaign.id = campaignId
            return campaign
        }
        return try baseCampaign()
    }

    private func baseCampaign() throws -> Campaign {
        let payload = messagePayload
        let display = payload.messageSettings.displaySettings
        let controls = payload.messageSettings.controlSettings
        let tooltip = payload.title.hasPrefix(TooltipBody.titlePrefix) ? TooltipBody(json: payload.messageBody) : nil
        let kind: MessageKind
        switch type {
        case .invalid: throw WireMappingError.invalidCode(field: "type", campaignID: campaignId)
        case .modal: kind = .modal
        case .full: kind = tooltip == nil ? .fullScreen : .tooltip
        case .slide: kind = .slideUp
        case .html: kind = .html
        }
        let message = Message(
            kind: tooltip == nil ? (display.html && kind != .slideUp ? .html : kind) : .tooltip,
            title: payload.header ?? "",
            body: tooltip == nil && !display.html ? payload.messageBody : nil,
            colors: MessageColors(
                title: HexColor(payload.headerColor) ?? HexColor(payload.titleColor) ?? .black,
                body: HexColor(payload.messageBodyColor) ?? .black,
                background: HexColor(payload.backgroundColor) ?? .white,
                frame: HexColor(payload.frameColor) ?? .white),
            image: payload.resource.imageUrl.map { MessageImage(url: $0, crop: payload.resource.cropType == .center ? .center : .fill) },
            textAlignment: display.textAlign == .center ? .center : .leading,
            orientation: display.orientation == .landscape ? .landscape : .portrait,
            buttons: try controls.buttons.enumerated().map { index, button in
                MessageButton(id: "button\(index + 1)", text: button.buttonText,
                              textColor: HexColor(button.buttonTextColor) ?? .white,
                              backgroundColor: HexColor(button.buttonBackgroundColor) ?? .black,
                              action: try action(button.buttonBehavior, button.campaignTrigger, field: "buttons[\(index)]"))
            },
            contentAction: try controls.content.map { try action($0.onClickBehavior, $0.campaignTrigger, field: "content") },
            showsOptOut: display.optOut,
            isDismissable: isCampaignDismissable ?? true,
            html: display.html ? payload.messageBody : nil,
            slideFrom: kind == .slideUp ? (display.slideFrom?.model ?? .bottom) : nil,
            tooltip: tooltip?.settings,
            customJSON: customJson)
        let hasNoEnd = hasNoEndDate ?? false
        return Campaign(
            id: campaignId,
            name: payload.title,
            status: .active,
            isTest: isTest,
            message: message,
            triggers: TriggerSet(match: .all, triggers: try (triggers ?? []).map(trigger)),
            delivery: DeliveryRules(
                endTime: hasNoEnd ? nil : Date(timeIntervalSince1970: Double(display.endTimeMillis) / 1000),
                maxImpressions: maxImpressions,
                infiniteImpressions: infiniteImpressions ?? false,
                delayAfterCloseMillis: display.delay))
    }

    private func action(_ behavior: BehaviorDTO, _ trigger: TriggerDTO?, field: String) throws -> MessageAction {
        guard let type = behavior.action.model else {
            throw WireMappingError.invalidCode(field: "\(field).action", campaignID: campaignId)
        }
        let event = trigger.map { trigger in
            EmittedEvent(name: trigger.eventName, attributes: Dictionary(trigger.attributes.compactMap { attribute in
                attribute.type.model.flatMap { AttributeValue(text: attribute.value, type: $0) }.map { (attribute.name, $0) }
            }, uniquingKeysWith: { first, _ in first }))
        }
        return MessageAction(type, uri: behavior.uri, logsEvent: event)
    }

    private func trigger(_ dto: TriggerDTO) throws -> Trigger {
        guard dto.type == .event, let event = dto.eventType.model else {
            throw WireMappingError.invalidCode(field: "triggers.eventType", campaignID: campaignId)
        }
        let conditions = try dto.attributes.map { attribute in
            guard let type = attribute.type.model, let op = attribute.operator.model else {
                throw WireMappingError.invalidCode(field: "triggers.attributes", campaignID: campaignId)
            }
            return AttributeCondition(name: attribute.name, type: type, operator: op, value: attribute.value)
        }
        return Trigger(event, name: event == .custom ? dto.eventName : nil, conditions: conditions)
    }
}
