import MarqueeModel

extension SegmentRule {
    /// What a row of the segment editor can be: a condition, named by the key its rules lead with
    /// in JSON, or a group (`all` or `any`). The dashboard offers these (`lists.segmentConditionKind`)
    /// and starts each new row as its ``newRule``, so a case added to ``SegmentRule`` does not build
    /// until ``kind`` names its kind, and a kind until it has a title and a new rule.
    enum Kind: String, CaseIterable {
        case attribute, tag, fact
        case history = "campaign"
        case group
    }

    var kind: Kind {
        switch self {
        case .all, .any: .group
        case .attribute: .attribute
        case .tag: .tag
        case .fact: .fact
        case .history: .history
        }
    }
}

extension SegmentRule.Kind {
    /// The rule a new row of this kind starts as, before the marketer fills it in. A group is
    /// `any`: a group nested in a rule that already requires all of its rows adds an alternative.
    var newRule: SegmentRule {
        switch self {
        case .attribute: .attribute(ProfileCondition(attribute: "", operator: .equals, value: .string("")))
        case .tag: .tag(TagCondition(tag: "", operator: .has))
        case .fact: .fact(FactCondition(fact: .sessions, operator: .atLeast, value: .number(1)))
        case .history: .history(HistoryCondition(campaign: "", action: .saw, operator: .did, withinDays: 7))
        case .group: .any([])
        }
    }
}
