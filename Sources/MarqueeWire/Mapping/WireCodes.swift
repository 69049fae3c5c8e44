import MarqueeModel

// One place for every model ↔ protocol code correspondence.

extension AttributeTypeCode {
    init(_ type: AttributeType) {
        switch type {
        case .string: self = .string
        case .integer: self = .integer
        case .double: self = .double
        case .boolean: self = .boolean
        case .timeMillis: self = .timeInMilli
        }
    }

    var model: AttributeType? {
        switch self {
        case .invalid: nil
        case .string: .string
        case .integer: .integer
        case .double: .double
        case .boolean: .boolean
        case .timeInMilli: .timeMillis
        }
    }
}

extension OperatorCode {
    init(_ op: ConditionOperator) {
        switch op {
        case .equals: self = .equals
        case .isNotEqual: self = .isNotEqual
        case .greaterThan: self = .greaterThan
        case .lessThan: self = .lessThan
        case .isBlank: self = .isBlank
        case .isNotBlank: self = .isNotBlank
        case .matchesRegex: self = .matchesRegex
        case .doesNotMatchRegex: self = .doesNotMatchRegex
        // No base code: campaigns using it go only to clients with ``Capability/itemConditions``,
        // which read the condition from the `marquee` extension.
        case .containsItem: self = .invalid
        }
    }

    var model: ConditionOperator? {
        switch self {
        case .invalid: nil
        case .equals: .equals
        case .isNotEqual: .isNotEqual
        case .greaterThan: .greaterThan
        case .lessThan: .lessThan
        case .isBlank: .isBlank
        case .isNotBlank: .isNotBlank
        case .matchesRegex: .matchesRegex
        case .doesNotMatchRegex: .doesNotMatchRegex
        }
    }
}

extension ActionCode {
    init(_ type: ActionType) {
        switch type {
        case .openURL: self = .redirect
        case .deepLink: self = .deeplink
        case .close: self = .close
        case .pushPrimer: self = .pushPrimer
        }
    }

    var model: ActionType? {
        switch self {
        case .invalid: nil
        case .redirect: .openURL
        case .deeplink: .deepLink
        case .close: .close
        case .pushPrimer: .pushPrimer
        }
    }
}

extension SlideDirectionCode {
    init(_ edge: SlideEdge) {
        switch edge {
        case .bottom: self = .bottom
        case .top: self = .top
        case .left: self = .left
        case .right: self = .right
        }
    }

    var model: SlideEdge? {
        switch self {
        case .invalid: nil
        case .bottom: .bottom
        case .top: .top
        case .left: .left
        case .right: .right
        }
    }
}

extension EventTypeCode {
    /// The protocol's code for an event kind, `nil` for kinds only Marquee knows.
    init?(_ kind: EventKind) {
        switch kind {
        case .appStart: self = .appStart
        case .login: self = .loginSuccessful
        case .purchase: self = .purchaseSuccessful
        case .custom: self = .custom
        case .sessionStart, .pushClick, .viewAppeared, .rule: return nil
        }
    }

    var model: EventKind? {
        switch self {
        case .invalid: nil
        case .appStart: .appStart
        case .loginSuccessful: .login
        case .purchaseSuccessful: .purchase
        case .custom: .custom
        }
    }
}
