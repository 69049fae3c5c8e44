import Foundation

extension Campaign {
    /// Limits Marquee enforces on every campaign.
    public enum Limits {
        public static let maxButtons = 2
        public static let maxNameLength = 200
        public static let maxOccurrences = 10_000
        public static let maxImpressions = 1_000_000
        public static let maxDelayAfterCloseMillis = 3_600_000
        public static let priorityRange = -1000...1000
        /// Characters (see ``TextRule``) of the message's texts.
        public static let maxHeaderLength = 200
        public static let maxTitleLength = 500
        public static let maxBodyLength = 5_000
        public static let maxButtonTextLength = 100
        /// Pages of a carousel.
        public static let carouselPages = 2...10
        /// Questions of a survey, and choices of a choice question.
        public static let surveyQuestions = 1...10
        public static let surveyChoices = 2...10
        /// The longest a text question may let an answer be.
        public static let surveyTextLength = 1...1_000
        /// Bytes of UTF-8 (``IdentifierLimits/fits(_:_:)``) of an identifier: a button's, page's, question's or
        /// choice's id, a tooltip's target, an event's or attribute's name.
        public static let maxIdentifierLength = 200
        /// The longest value a trigger condition compares with (a regex pattern has its own, shorter limit).
        public static let maxConditionValueLength = 1_000
        /// Bytes of an `html` message's document.
        public static let maxHTMLBytes = 200_000
        /// Bytes of `customJSON` and `extras` together, as JSON.
        public static let maxCustomDataBytes = 16_384
        /// Levels of nesting in `customJSON`.
        public static let maxCustomJSONDepth = 32
        /// Languages a message may be translated into.
        public static let maxTranslations = 40
    }

    /// Every problem with this campaign, or an empty list when it is valid.
    /// - Parameter frequencyCapIDs: the app's caps; `nil` skips the check (when validating off-server).
    public func validationIssues(frequencyCapIDs knownCaps: Set<String>? = nil) -> [ValidationIssue] {
        var report = ValidationReport()
        let trimmedName = name.trimmingCharacters(in: .whitespaces)
        report.check(!trimmedName.isEmpty, "name", "must not be empty")
        report.check(TextRule.fits(name, characters: Limits.maxNameLength), "name",
                     "must be at most \(Limits.maxNameLength) characters")
        report.nested("message") { message.validate(into: &$0) }
        if let defaultLanguage {
            report.check(LanguageTag.isValid(defaultLanguage), "defaultLanguage",
                         "must be a lower-case language tag such as en, de or pt-br")
            report.check(message.translations[defaultLanguage] == nil, "defaultLanguage",
                         "is the language of the message's own text, so it has no translation")
        }
        // Embedded content shows where the app shows its placement: it needs no trigger.
        if channel != .embedded || !triggers.isEmpty {
            report.nested("triggers") { triggers.validate(into: &$0, isRoot: true) }
        }
        validatePlacement(into: &report)
        report.nested("delivery") { delivery.validate(into: &$0, knownCaps: knownCaps) }
        report.nested("targeting") { targeting.validate(into: &$0) }
        if let experiment {
            report.nested("experiment") { experiment.validate(into: &$0, campaignMessage: message) }
            report.check(channel == .inApp, "channel", "must be inApp for a campaign with an experiment: the inbox shows one message")
        }
        if let goal {
            report.nested("goal") { report in
                goal.validate(into: &report)
                if goal.event == .surveyAnswer { goal.validate(against: message, into: &report) }
            }
        }
        if channel.fillsInbox {
            // The inbox lists messages by title, whatever the message kind.
            report.nested("message") { report in
                report.check(!message.title.trimmingCharacters(in: .whitespaces).isEmpty, "title",
                             "is required for campaigns that fill the inbox")
                // The inbox shows a message's title, body and buttons: questions would be lost.
                report.check(message.kind != .survey, "kind", "a survey shows over the app only, not in the inbox")
            }
        }
        return report.issues
    }

    /// An embedded campaign names a valid placement and shows a card (the `modal` kind's
    /// layout); no other campaign names a placement.
    private func validatePlacement(into report: inout ValidationReport) {
        guard channel == .embedded else {
            return report.check(placement == nil, "placement", "only embedded campaigns name a placement")
        }
        report.check(PlacementID.isValid(placement ?? ""), "placement", "an embedded campaign needs a placement: \(PlacementID.rule)")
        report.check(message.kind == .modal, "message.kind", "embedded content is a card: use the modal kind")
        report.check(!message.showsOptOut, "message.showsOptOut", "embedded content has no \"don't show this again\" box")
    }
}

extension Message {
    /// Every problem with this message alone (what a preview needs), named under `message`.
    public func validationIssues() -> [ValidationIssue] {
        var report = ValidationReport()
        report.nested("message") { validate(into: &$0) }
        return report.issues
    }

    func validate(into report: inout ValidationReport) {
        checkSizes(into: &report)
        let needsTitle: Set<MessageKind> = [.modal, .fullScreen, .slideUp, .banner]
        // A tooltip may be its image alone, as RInAppMessaging's clients draw every tooltip.
        let titleless = needsTitle.contains(kind) ? "is required for \(kind.rawValue) messages"
            : kind == .tooltip && image == nil ? "is required for tooltip messages without an image" : nil
        report.check(titleless == nil || !title.trimmingCharacters(in: .whitespaces).isEmpty, "title", titleless ?? "")
        Self.validate(buttons, into: &report)
        if let contentAction { report.nested("contentAction") { contentAction.validate(into: &$0) } }
        if let image {
            report.check(URLRule.isWebURL(image.url), "image.url", "must be an http(s) URL")
        }
        report.check(kind == .carousel || pages.isEmpty, "pages", "only carousel messages have pages")
        report.check(kind == .survey || survey == nil, "survey", "only survey messages have questions")
        for key in extras.keys { report.check(!key.isEmpty, "extras", "keys must not be empty") }
        // RInAppMessaging clients read customJson as an object; anything else fails their whole ping.
        report.check(customJSON == nil || customJSON?.objectValue != nil, "customJSON", "must be a JSON object")
        switch kind {
        case .image:
            report.check(image != nil, "image", "is required for image messages")
        case .video:
            let url = media?.videoURL ?? ""
            report.check(URLRule.isWebURL(url), "media.videoURL", "must be an http(s) URL for video messages")
        case .html:
            report.check(!(html ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                         "html", "is required for html messages")
        case .tooltip:
            guard let tooltip else {
                report.check(false, "tooltip", "is required for tooltip messages")
                break
            }
            report.check(!tooltip.targetElementID.isEmpty, "tooltip.targetElementID", "must not be empty")
            report.check((tooltip.autoDisappearSeconds ?? 1) > 0, "tooltip.autoDisappearSeconds", "must be positive")
            report.check(IdentifierLimits.fits(tooltip.targetElementID, Campaign.Limits.maxIdentifierLength),
                         "tooltip.targetElementID", IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
            if let redirect = tooltip.redirectURL {
                report.check(URLRule.isLink(redirect), "tooltip.redirectURL", URLRule.linkProblem)
            }
        case .banner:
            if let banner {
                report.check((banner.autoCloseSeconds ?? 1) > 0, "banner.autoCloseSeconds", "must be positive")
                if let background = banner.backgroundImageURL {
                    report.check(URLRule.isWebURL(background), "banner.backgroundImageURL", "must be an http(s) URL")
                }
            }
        case .carousel:
            validatePages(into: &report)
        case .survey:
            report.check(buttons.isEmpty, "buttons", "a survey's button is its submit button")
            guard let survey else { return report.check(false, "survey", "is required for survey messages") }
            report.nested("survey") { survey.validate(into: &$0) }
        case .modal, .fullScreen, .slideUp:
            break
        }
        if let seconds = media?.autoCloseSeconds {
            report.check(seconds > 0, "media.autoCloseSeconds", "must be positive")
        }
    }
}

extension Message {
    /// At most two buttons with unique ids, at most one a push primer, each with text and a valid action.
    static func validate(_ buttons: [MessageButton], into report: inout ValidationReport) {
        report.check(buttons.count <= Campaign.Limits.maxButtons, "buttons", "at most \(Campaign.Limits.maxButtons) buttons")
        report.check(Set(buttons.map(\.id)).count == buttons.count, "buttons", "button ids must be unique")
        report.check(buttons.filter { $0.action.type == .pushPrimer }.count <= 1, "buttons",
                     "only one button may be a push primer")
        for (index, button) in buttons.enumerated() {
            report.nested("buttons[\(index)]") { report in
                report.check(!button.text.trimmingCharacters(in: .whitespaces).isEmpty, "text", "must not be empty")
                report.check(TextRule.fits(button.text, characters: Campaign.Limits.maxButtonTextLength), "text",
                             "must be at most \(Campaign.Limits.maxButtonTextLength) characters")
                report.check(!button.id.isEmpty, "id", "must not be empty")
                report.check(IdentifierLimits.fits(button.id, Campaign.Limits.maxIdentifierLength), "id",
                             IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
                report.nested("action") { button.action.validate(into: &$0) }
            }
        }
    }

    /// A carousel has 2 to 10 pages with unique ids, each with a title or an image.
    private func validatePages(into report: inout ValidationReport) {
        let range = Campaign.Limits.carouselPages
        report.check(range.contains(pages.count), "pages", "a carousel has \(range.lowerBound) to \(range.upperBound) pages")
        report.check(buttons.isEmpty, "buttons", "a carousel's buttons are on its pages")
        report.check(Set(pages.map(\.id)).count == pages.count, "pages", "page ids must be unique")
        let buttonIDs = allButtons.map(\.id)
        report.check(Set(buttonIDs).count == buttonIDs.count, "pages", "button ids must be unique across the message and its pages")
        for (index, page) in pages.enumerated() {
            report.nested("pages[\(index)]") { report in
                report.check(!page.id.isEmpty && IdentifierLimits.fits(page.id, Campaign.Limits.maxIdentifierLength), "id",
                             "must be 1 to \(Campaign.Limits.maxIdentifierLength) bytes of UTF-8")
                report.check(!page.title.trimmingCharacters(in: .whitespaces).isEmpty || page.image != nil, "title",
                             "a page needs a title or an image")
                if let image = page.image {
                    report.check(URLRule.isWebURL(image.url), "image.url", "must be an http(s) URL")
                }
                Self.validate(page.buttons, into: &report)
            }
        }
    }
}

extension MessageAction {
    func validate(into report: inout ValidationReport) {
        switch type {
        case .openURL:
            report.check(URLRule.isWebURL(uri ?? ""), "uri", "must be an http(s) URL to open in the browser")
        case .deepLink:
            report.check(URLRule.isLink(uri ?? ""), "uri", URLRule.linkProblem)
        case .close, .pushPrimer:
            break
        }
        if let logsEvent {
            report.check(!logsEvent.name.trimmingCharacters(in: .whitespaces).isEmpty,
                         "logsEvent.name", "must not be empty")
            report.check(IdentifierLimits.fits(logsEvent.name, Campaign.Limits.maxIdentifierLength),
                         "logsEvent.name", IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
        }
    }
}

extension TriggerSet {
    func validate(into report: inout ValidationReport, isRoot: Bool) {
        if isRoot {
            report.check(!isEmpty, "triggers", "a campaign needs at least one trigger")
        } else {
            report.check(!triggers.isEmpty || !groups.isEmpty, "", "a group needs at least one trigger")
        }
        for (index, trigger) in triggers.enumerated() {
            report.nested("triggers[\(index)]") { trigger.validate(into: &$0) }
        }
        for (index, group) in groups.enumerated() {
            report.nested("groups[\(index)]") { group.validate(into: &$0, isRoot: false) }
        }
    }
}

extension Trigger {
    func validate(into report: inout ValidationReport) {
        if event.requiresName {
            report.check(!(name ?? "").isEmpty, "name", "is required for \(event.rawValue) triggers")
        }
        report.check(IdentifierLimits.fits(name ?? "", Campaign.Limits.maxIdentifierLength), "name",
                     IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
        report.check((1...Campaign.Limits.maxOccurrences).contains(occurrences), "occurrences",
                     "must be between 1 and \(Campaign.Limits.maxOccurrences)")
        let takesConditions: Set<EventKind> = [.purchase, .custom, .pushClick]
        report.check(conditions.isEmpty || takesConditions.contains(event), "conditions",
                     "\(event.rawValue) events have no attributes to filter on")
        for (index, condition) in conditions.enumerated() {
            report.nested("conditions[\(index)]") { condition.validate(into: &$0) }
        }
    }
}

extension AttributeCondition {
    func validate(into report: inout ValidationReport) {
        report.check(!name.isEmpty, "name", "must not be empty")
        report.check(IdentifierLimits.fits(name, Campaign.Limits.maxIdentifierLength), "name",
                     IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
        report.check(TextRule.fits(value, characters: Campaign.Limits.maxConditionValueLength), "value",
                     "must be at most \(Campaign.Limits.maxConditionValueLength) characters")
        guard `operator`.supports(type) else {
            report.check(false, "operator", "\(`operator`.rawValue) does not apply to \(type.rawValue) attributes")
            return
        }
        switch `operator` {
        case .isBlank, .isNotBlank:
            break
        case .matchesRegex, .doesNotMatchRegex:
            do {
                _ = try CompiledRegex(validating: value)
            } catch {
                report.check(false, "value", "is not a supported regular expression: \(error)")
            }
        case .containsItem:
            report.check(!value.isEmpty && !value.contains(ConditionOperator.itemSeparator), "value",
                         "must be one item: not empty, without '\(ConditionOperator.itemSeparator)'")
        case .equals, .isNotEqual, .greaterThan, .lessThan:
            report.check(AttributeValue(text: value, type: type) != nil, "value",
                         "'\(value)' is not a valid \(type.rawValue)")
        }
    }
}

extension DeliveryRules {
    func validate(into report: inout ValidationReport, knownCaps: Set<String>?) {
        report.check(Campaign.Limits.priorityRange.contains(priority), "priority",
                     "must be between \(Campaign.Limits.priorityRange.lowerBound) and \(Campaign.Limits.priorityRange.upperBound)")
        if !infiniteImpressions {
            report.check((1...Campaign.Limits.maxImpressions).contains(maxImpressions), "maxImpressions",
                         "must be between 1 and \(Campaign.Limits.maxImpressions), or set infiniteImpressions")
        }
        if let startTime, let endTime {
            report.check(startTime < endTime, "endTime", "must be after startTime")
        }
        if let reEligibilitySeconds {
            report.check(reEligibilitySeconds >= 0, "reEligibilitySeconds", "must not be negative")
        }
        report.check((0...Campaign.Limits.maxDelayAfterCloseMillis).contains(delayAfterCloseMillis),
                     "delayAfterCloseMillis", "must be between 0 and \(Campaign.Limits.maxDelayAfterCloseMillis)")
        if let knownCaps {
            for id in frequencyCapIDs where !knownCaps.contains(id) {
                report.check(false, "frequencyCapIDs", "the app has no frequency cap '\(id)'")
            }
        }
    }
}

extension Targeting {
    func validate(into report: inout ValidationReport) {
        if let minAppVersion, let maxAppVersion {
            report.check(minAppVersion <= maxAppVersion, "maxAppVersion", "must not be lower than minAppVersion")
        }
        if let userIDs {
            report.check(!userIDs.isEmpty, "userIDs", "must list at least one user; use null to target everyone")
            if let problem = userIDs.lazy.compactMap(IdentifierLimits.userIDProblem).first {
                report.check(false, "userIDs", "each user ID \(problem)")
            }
        }
        report.check(!locales.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "locales",
                     "must not contain empty tags")
        report.nested("segments") { segments.validate(into: &$0) }
    }
}

extension SegmentTargeting {
    func validate(into report: inout ValidationReport) {
        for (field, ids) in [("include", include), ("exclude", exclude)] {
            report.check(ids.count <= Self.maxSegments, field, "names at most \(Self.maxSegments) segments")
            report.check(ids.allSatisfy { UUID(uuidString: $0) != nil }, field, "must list segment IDs")
            report.check(Set(ids).count == ids.count, field, "must not name a segment twice")
        }
        report.check(Set(include).isDisjoint(with: exclude), "exclude", "must not name a segment the campaign includes")
    }
}

extension FrequencyCap {
    /// Problems with this cap, named under `field`.
    public func validationIssues(field: String) -> [ValidationIssue] {
        var report = ValidationReport()
        report.nested(field) { report in
            report.check((1...64).contains(id.unicodeScalars.count), "id", "must be 1 to 64 characters")
            report.check((1...1_000_000).contains(limit), "limit", "must be between 1 and 1000000")
            report.check(periodSeconds > 0 && periodSeconds <= 31_536_000, "periodSeconds", "must be more than 0 and at most 31536000 (a year)")
        }
        return report.issues
    }
}
