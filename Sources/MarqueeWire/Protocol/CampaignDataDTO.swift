import MarqueeModel

/// One campaign as the RInAppMessaging protocol carries it. Optional keys are omitted when `nil`.
public struct CampaignData: Sendable, Hashable, Codable {
    public var campaignId: String
    public var maxImpressions: Int
    public var type: CampaignTypeCode
    public var isTest: Bool
    public var triggers: [TriggerDTO]?
    public var infiniteImpressions: Bool?
    public var hasNoEndDate: Bool?
    public var isCampaignDismissable: Bool?
    public var customJson: JSONValue?
    public var messagePayload: MessagePayload
    /// Marquee extension: the full campaign, for clients that declared ``Capability/campaignExtension``.
    public var marquee: CampaignExtension?

    public init(campaignId: String, maxImpressions: Int, type: CampaignTypeCode, isTest: Bool,
                triggers: [TriggerDTO]?, infiniteImpressions: Bool?, hasNoEndDate: Bool?,
                isCampaignDismissable: Bool?, customJson: JSONValue?, messagePayload: MessagePayload,
                marquee: CampaignExtension? = nil) {
        self.campaignId = campaignId
        self.maxImpressions = maxImpressions
        self.type = type
        self.isTest = isTest
        self.triggers = triggers
        self.infiniteImpressions = infiniteImpressions
        self.hasNoEndDate = hasNoEndDate
        self.isCampaignDismissable = isCampaignDismissable
        self.customJson = customJson
        self.messagePayload = messagePayload
        self.marquee = marquee
    }
}

/// A trigger: an event and conditions on its attributes.
public struct TriggerDTO: Sendable, Hashable, Codable {
    public var type: TriggerTypeCode
    public var eventType: EventTypeCode
    public var eventName: String
    public var attributes: [TriggerAttributeDTO]

    public init(type: TriggerTypeCode = .event, eventType: EventTypeCode, eventName: String,
                attributes: [TriggerAttributeDTO]) {
        self.type = type
        self.eventType = eventType
        self.eventName = eventName
        self.attributes = attributes
    }
}

/// A condition on one attribute; `value` is always text.
public struct TriggerAttributeDTO: Sendable, Hashable, Codable {
    public var name: String
    public var value: String
    public var type: AttributeTypeCode
    public var `operator`: OperatorCode

    public init(name: String, value: String, type: AttributeTypeCode, operator: OperatorCode) {
        self.name = name
        self.value = value
        self.type = type
        self.operator = `operator`
    }
}

/// The message: texts, colours, image and settings.
public struct MessagePayload: Sendable, Hashable, Codable {
    /// The campaign name (contexts in brackets; `[Tooltip]` marks a tooltip).
    public var title: String
    /// The heading shown to the user.
    public var header: String?
    public var messageBody: String?
    public var titleColor: String
    public var headerColor: String
    public var messageBodyColor: String
    public var backgroundColor: String
    public var frameColor: String
    public var resource: ResourceDTO
    public var messageSettings: MessageSettingsDTO

    public init(title: String, header: String?, messageBody: String?, titleColor: String, headerColor: String,
                messageBodyColor: String, backgroundColor: String, frameColor: String, resource: ResourceDTO,
                messageSettings: MessageSettingsDTO) {
        self.title = title
        self.header = header
        self.messageBody = messageBody
        self.titleColor = titleColor
        self.headerColor = headerColor
        self.messageBodyColor = messageBodyColor
        self.backgroundColor = backgroundColor
        self.frameColor = frameColor
        self.resource = resource
        self.messageSettings = messageSettings
    }
}

/// `{imageUrl?, cropType}`.
public struct ResourceDTO: Sendable, Hashable, Codable {
    public var imageUrl: String?
    public var cropType: CropTypeCode

    public init(imageUrl: String?, cropType: CropTypeCode) {
        self.imageUrl = imageUrl
        self.cropType = cropType
    }
}

/// `{displaySettings, controlSettings}`.
public struct MessageSettingsDTO: Sendable, Hashable, Codable {
    public var displaySettings: DisplaySettingsDTO
    public var controlSettings: ControlSettingsDTO

    public init(displaySettings: DisplaySettingsDTO, controlSettings: ControlSettingsDTO) {
        self.displaySettings = displaySettings
        self.controlSettings = controlSettings
    }
}

/// How the message is displayed. `delay` is the pause in milliseconds after it closes.
public struct DisplaySettingsDTO: Sendable, Hashable, Codable {
    public var orientation: OrientationCode
    public var slideFrom: SlideDirectionCode?
    public var endTimeMillis: Int64
    public var textAlign: TextAlignCode
    public var optOut: Bool
    public var html: Bool
    public var delay: Int

    public init(orientation: OrientationCode, slideFrom: SlideDirectionCode?, endTimeMillis: Int64,
                textAlign: TextAlignCode, optOut: Bool, html: Bool, delay: Int) {
        self.orientation = orientation
        self.slideFrom = slideFrom
        self.endTimeMillis = endTimeMillis
        self.textAlign = textAlign
        self.optOut = optOut
        self.html = html
        self.delay = delay
    }
}

/// Buttons and the content click.
public struct ControlSettingsDTO: Sendable, Hashable, Codable {
    public var buttons: [ButtonDTO]
    public var content: ContentDTO?

    public init(buttons: [ButtonDTO], content: ContentDTO?) {
        self.buttons = buttons
        self.content = content
    }
}

/// A button with its behaviour and an optional event it logs.
public struct ButtonDTO: Sendable, Hashable, Codable {
    public var buttonText: String
    public var buttonTextColor: String
    public var buttonBackgroundColor: String
    public var buttonBehavior: BehaviorDTO
    public var campaignTrigger: TriggerDTO?

    public init(buttonText: String, buttonTextColor: String, buttonBackgroundColor: String,
                buttonBehavior: BehaviorDTO, campaignTrigger: TriggerDTO?) {
        self.buttonText = buttonText
        self.buttonTextColor = buttonTextColor
        self.buttonBackgroundColor = buttonBackgroundColor
        self.buttonBehavior = buttonBehavior
        self.campaignTrigger = campaignTrigger
    }
}

/// What tapping the message body does.
public struct ContentDTO: Sendable, Hashable, Codable {
    public var onClickBehavior: BehaviorDTO
    public var campaignTrigger: TriggerDTO?

    public init(onClickBehavior: BehaviorDTO, campaignTrigger: TriggerDTO?) {
        self.onClickBehavior = onClickBehavior
        self.campaignTrigger = campaignTrigger
    }
}

/// `{action, uri?}`.
public struct BehaviorDTO: Sendable, Hashable, Codable {
    public var action: ActionCode
    public var uri: String?

    public init(action: ActionCode, uri: String?) {
        self.action = action
        self.uri = uri
    }
}
