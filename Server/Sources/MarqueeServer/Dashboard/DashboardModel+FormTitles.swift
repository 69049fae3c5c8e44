import MarqueeModel

// The words the dashboard's other forms (campaign settings, triggers, targeting, goals, segments,
// App Inbox, app settings) show for the model's cases. Each switch is exhaustive, so a case added
// to the model does not build until it has its words.

extension CampaignStatus {
    var title: String {
        switch self {
        case .draft: "Draft"
        case .active: "Active"
        case .paused: "Paused"
        case .archived: "Archived"
        }
    }
}

extension CampaignChannel {
    var title: String {
        switch self {
        case .inApp: "In-app message"
        case .inbox: "App Inbox"
        case .inAppAndInbox: "In-app and App Inbox"
        case .embedded: "Embedded in the app's screen (a placement)"
        }
    }
}

extension TriggerMatch {
    var title: String {
        switch self {
        case .all: "all of these hold (AND)"
        case .any: "any of these holds (OR)"
        }
    }
}

extension EventKind {
    var title: String {
        switch self {
        case .appStart: "App start"
        case .sessionStart: "Session start"
        case .login: "Login"
        case .purchase: "Purchase"
        case .custom: "Custom event"
        case .pushClick: "Push click"
        case .viewAppeared: "View appeared"
        case .rule: "Rule keyword"
        }
    }
}

extension Platform {
    var title: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        case .macos: "macOS"
        case .linux: "Linux"
        case .web: "Web"
        }
    }
}

extension Targeting.Audience {
    var title: String {
        switch self {
        case .everyone: "Everyone"
        case .knownUsers: "Identified users"
        case .anonymousUsers: "Anonymous users"
        }
    }
}

extension ConversionGoal.EventKind {
    var title: String {
        switch self {
        case .custom: "A custom event"
        case .purchase: "A purchase"
        case .surveyAnswer: "An answer to the survey"
        }
    }
}

extension ProfileValue.Kind {
    var title: String {
        switch self {
        case .string: "text"
        case .number: "number"
        case .boolean: "true/false"
        case .date: "date"
        case .list: "list"
        }
    }
}

extension TagCondition.Operator {
    var title: String {
        switch self {
        case .has: "has tag"
        case .hasNot: "does not have tag"
        }
    }
}

extension HistoryCondition.Action {
    var title: String {
        switch self {
        case .saw: "see"
        case .clicked: "click"
        case .converted: "convert on"
        }
    }
}

extension HistoryCondition.Operator {
    var title: String {
        switch self {
        case .did: "did"
        case .didNot: "did not"
        }
    }
}

extension InboxBodyFormat {
    var title: String {
        switch self {
        case .plain: "Plain text"
        case .html: "HTML (links become actions)"
        }
    }
}

extension InboxActionType {
    var title: String {
        switch self {
        case .browser: "Browser"
        case .deepLink: "Deep link"
        case .openApp: "Open app"
        }
    }
}

extension IdentityVerification {
    var title: String {
        switch self {
        case .off: "Off: user IDs are trusted as sent"
        case .optional: "Optional: a signature is checked when one is sent"
        case .required: "Required: unsigned user IDs are anonymous, inbox requests get 401"
        }
    }
}
