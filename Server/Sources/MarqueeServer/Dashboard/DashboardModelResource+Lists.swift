import MarqueeModel

extension DashboardModelResource {
    /// Every case of `type`, in the model's order, with its words.
    static func choices<Case: CaseIterable & RawRepresentable>(_ type: Case.Type, title: (Case) -> String) -> [Choice]
        where Case.RawValue == String {
        type.allCases.map { Choice(id: $0.rawValue, title: title($0)) }
    }

    /// The choices of every select the forms build that is not described above, by the name the
    /// dashboard's scripts look them up by (`model.lists.textAlignment`).
    static let formLists: [String: [Choice]] = [
        "campaignStatus": choices(CampaignStatus.self, title: \.title),
        "channel": choices(CampaignChannel.self, title: \.title),
        "imageCrop": choices(ImageCrop.self, title: \.title),
        "textAlignment": choices(TextAlignment.self, title: \.title),
        "orientation": choices(Orientation.self, title: \.title),
        "slideEdge": choices(SlideEdge.self, title: \.title),
        "bannerPlacement": choices(BannerPlacement.self, title: \.title),
        "bannerIcon": choices(BannerIcon.self, title: \.title),
        "tooltipPosition": choices(TooltipPosition.self, title: \.title),
        "actionType": choices(ActionType.self, title: \.title),
        "theme": choices(Theme.self, title: \.title),
        "layoutDirection": choices(LayoutDirection.self, title: \.title),
        "triggerMatch": choices(TriggerMatch.self, title: \.title),
        "eventKind": choices(EventKind.self, title: \.title),
        "platform": choices(Platform.self, title: \.title),
        "audience": choices(Targeting.Audience.self, title: \.title),
        "goalEvent": choices(ConversionGoal.EventKind.self, title: \.title),
        // A condition compares with one value; a list is what an attribute holds, not what a rule names.
        "segmentValueKind": choices(ProfileValue.Kind.self, title: \.title).filter { $0.id != ProfileValue.Kind.list.rawValue },
        "tagOperator": choices(TagCondition.Operator.self, title: \.title),
        "historyAction": choices(HistoryCondition.Action.self, title: \.title),
        "historyOperator": choices(HistoryCondition.Operator.self, title: \.title),
        "inboxBodyFormat": choices(InboxBodyFormat.self, title: \.title),
        "inboxActionType": choices(InboxActionType.self, title: \.title),
        "identityVerification": choices(IdentityVerification.self, title: \.title),
    ]
}
