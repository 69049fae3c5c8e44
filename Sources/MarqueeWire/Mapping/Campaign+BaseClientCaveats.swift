import MarqueeModel

/// One of RInAppMessaging's own clients.
public enum BaseClient: String, Sendable, Hashable, Codable, CaseIterable {
    case ios, android
}

/// Something one RInAppMessaging client does differently with a campaign it is sent. Campaigns
/// that no base client can show as meant are not sent to them at all (``Campaign/requiredCapabilities``);
/// these are what is left: a difference in one client alone, which the dashboard names per client.
public enum BaseClientCaveat: String, Sendable, Hashable, Codable, CaseIterable {
    /// A push-primer button makes it a push-primer campaign, which the iOS client shows only in
    /// apps with Rakuten's RMC module (and only while notifications are not yet authorized).
    case pushPrimerNeedsRMC = "pushPrimer.rmcOnly"
    /// A purchase trigger with attribute conditions never fires on iOS: the client looks the
    /// attributes up by lowercased name, and its purchase event keeps them camel-cased.
    case purchaseConditionsNeverMatch = "purchase.conditions"
    /// The Android client matches a pattern against the whole value, case-sensitively.
    case regexMatchesWholeValue = "regex.wholeValue"

    public var client: BaseClient {
        switch self {
        case .pushPrimerNeedsRMC, .purchaseConditionsNeverMatch: .ios
        case .regexMatchesWholeValue: .android
        }
    }
}

extension Campaign {
    /// What RInAppMessaging's clients do differently with this campaign when they are sent it:
    /// each arm they may be sent, as it is sent. Empty when both show it as meant.
    public var baseClientCaveats: Set<BaseClientCaveat> {
        plainArms.reduce(into: []) { caveats, arm in
            let message = arm.campaign.message
            let actions = message.buttons.map(\.action) + [message.contentAction].compactMap { $0 }
            if actions.contains(where: { $0.type == .pushPrimer }) { caveats.insert(.pushPrimerNeedsRMC) }
            for trigger in arm.campaign.triggers.allTriggers {
                if trigger.event == .purchase, !trigger.conditions.isEmpty { caveats.insert(.purchaseConditionsNeverMatch) }
                for condition in trigger.conditions {
                    switch condition.operator {
                    case .matchesRegex, .doesNotMatchRegex: caveats.insert(.regexMatchesWholeValue)
                    case .equals, .isNotEqual, .greaterThan, .lessThan, .isBlank, .isNotBlank, .containsItem: break
                    }
                }
            }
        }
    }
}
