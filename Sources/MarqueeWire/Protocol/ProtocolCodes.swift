// Integer codes of the RInAppMessaging protocol. Decoding an unknown code fails for that value,
// so a lenient reader can skip the one campaign that carries it.

/// `campaignData.type`.
public enum CampaignTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, modal = 1, full = 2, slide = 3, html = 4
}

/// `triggers[].type`.
public enum TriggerTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, event = 1
}

/// `triggers[].eventType`.
public enum EventTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, appStart = 1, loginSuccessful = 2, purchaseSuccessful = 3, custom = 4
}

/// `attributes[].type`.
public enum AttributeTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, string = 1, integer = 2, double = 3, boolean = 4, timeInMilli = 5
}

/// `attributes[].operator`.
public enum OperatorCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, equals = 1, isNotEqual = 2, greaterThan = 3, lessThan = 4
    case isBlank = 5, isNotBlank = 6, matchesRegex = 7, doesNotMatchRegex = 8
}

/// `buttonBehavior.action` and `onClickBehavior.action`.
public enum ActionCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, redirect = 1, deeplink = 2, close = 3, pushPrimer = 4
}

/// `displaySettings.slideFrom`.
public enum SlideDirectionCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, bottom = 1, top = 2, left = 3, right = 4
}

/// `resource.cropType`.
public enum CropTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, fill = 1, center = 2
}

/// `displaySettings.orientation`.
public enum OrientationCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, portrait = 1, landscape = 2
}

/// `displaySettings.textAlign`.
public enum TextAlignCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, fill = 1, center = 2
}

/// `userIdentifiers[].type`.
public enum UserIdentifierTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, idTrackingIdentifier = 2, userID = 3
}

/// `impressions[].type`.
public enum ImpressionTypeCode: Int, Sendable, Codable, CaseIterable {
    case invalid = 0, impression = 1, actionOne = 2, actionTwo = 3, exit = 4, clickContent = 5, optOut = 6
    /// Marquee extension: a carousel page showed for the first time in the display
    /// (``ImpressionDTO/marqueePage``); sent only to a Marquee server.
    case pageView = 7
}

/// `supportedCampaignTypes[]`.
public enum SupportedCampaignTypeCode: Int, Sendable, Codable, CaseIterable {
    case regular = 1, pushPrimer = 2
}
