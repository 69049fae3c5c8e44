import MarqueeModel

// The words the dashboard shows for the model's cases. Each switch is exhaustive, so a case added
// to the model does not build until it has its words.

extension MessageKind {
    var title: String {
        switch self {
        case .modal: "Modal"
        case .fullScreen: "Full screen"
        case .slideUp: "Slide-up"
        case .banner: "Banner"
        case .image: "Image only"
        case .video: "Video"
        case .html: "HTML"
        case .tooltip: "Tooltip"
        case .carousel: "Carousel (pages)"
        case .survey: "Survey (questions)"
        }
    }
}

extension SurveyQuestion.Kind {
    var title: String {
        switch self {
        case .nps: "NPS (0–10)"
        case .rating: "Rating (1–5)"
        case .singleChoice: "One choice"
        case .multipleChoice: "Several choices"
        case .text: "Short text"
        }
    }
}

extension AttributeType {
    var title: String {
        switch self {
        case .string: "Text"
        case .integer: "Integer"
        case .double: "Decimal"
        case .boolean: "Yes/no"
        case .timeMillis: "Time (ms)"
        }
    }
}

extension ConditionOperator {
    var title: String {
        switch self {
        case .equals: "equals"
        case .isNotEqual: "is not"
        case .greaterThan: "is greater than"
        case .lessThan: "is less than"
        case .isBlank: "is blank"
        case .isNotBlank: "is not blank"
        case .matchesRegex: "matches pattern"
        case .doesNotMatchRegex: "does not match pattern"
        case .containsItem: "contains item"
        }
    }
}

extension SegmentOperator {
    var title: String {
        switch self {
        case .equals: "equals"
        case .notEquals: "does not equal"
        case .contains: "contains"
        case .notContains: "does not contain"
        case .greaterThan: "is above"
        case .lessThan: "is below"
        case .atLeast: "is at least"
        case .atMost: "is at most"
        case .withinLastDays: "is within the last … days"
        case .moreThanDaysAgo: "is more than … days ago"
        case .exists: "is set"
        case .notExists: "is not set"
        }
    }

    /// Whether the value a condition with this operator compares with is a number of days.
    var countsDays: Bool {
        switch self {
        case .withinLastDays, .moreThanDaysAgo: true
        case .exists, .notExists, .equals, .notEquals, .contains, .notContains, .greaterThan, .lessThan, .atLeast, .atMost: false
        }
    }

    /// Whether a condition with this operator compares with a value.
    var takesValue: Bool {
        switch self {
        case .exists, .notExists: false
        case .equals, .notEquals, .contains, .notContains, .greaterThan, .lessThan, .atLeast, .atMost, .withinLastDays,
             .moreThanDaysAgo: true
        }
    }
}

extension FactCondition.Fact {
    var title: String {
        switch self {
        case .sessions: "Sessions"
        case .firstSeen: "First seen"
        case .lastSeen: "Last seen"
        case .appVersion: "App version"
        case .platform: "Platform"
        case .locale: "Locale"
        }
    }

    /// The kind of value a condition on this fact compares with.
    var valueKind: ProfileValue.Kind {
        switch self {
        case .firstSeen, .lastSeen: .date
        case .sessions: .number
        case .appVersion, .platform, .locale: .string
        }
    }
}

extension AccountRole {
    var title: String {
        switch self {
        case .admin: "Admin: everything, accounts and the audit log"
        case .editor: "Editor: campaigns and inbox messages"
        case .viewer: "Viewer: reads and previews"
        }
    }
}

extension EventType {
    var title: String {
        switch self {
        case .impression: "Impressions"
        case .click: "Clicks"
        case .close: "Closes"
        case .optOut: "Opt-outs"
        case .pageView: "Carousel page views"
        case .conversion: "Conversions"
        case .surveyAnswer: "Survey answers"
        case .inboxInteraction: "Inbox opens and taps"
        case .inboxRead: "Inbox reads"
        case .inboxUnread: "Inbox marked unread"
        case .inboxDelete: "Inbox deletes"
        case .profileChange: "Profile changes"
        case .userErased: "Users erased"
        case .campaignCreated: "Campaigns created"
        case .campaignChanged: "Campaigns changed"
        case .campaignPaused: "Campaigns paused"
        case .campaignDeleted: "Campaigns deleted"
        }
    }
}
