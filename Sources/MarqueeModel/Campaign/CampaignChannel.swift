/// Where a campaign reaches users: as an in-app message on a trigger, in the App Inbox of the
/// identified users in its audience, or both; or embedded in one of the app's own screens, in
/// the placement the campaign names (``Campaign/placement``).
public enum CampaignChannel: String, Sendable, Hashable, Codable, CaseIterable, StandardValue {
    case inApp
    case inbox
    case inAppAndInbox = "inApp+inbox"
    /// Content inside the app's own layout, where the app shows the placement it names.
    case embedded

    public static var standard: CampaignChannel { .inApp }

    /// Whether triggers show the campaign over the app.
    public var showsInApp: Bool {
        switch self {
        case .inApp, .inAppAndInbox: true
        case .inbox, .embedded: false
        }
    }

    /// Whether pings deliver the campaign: to show over the app, or in a placement.
    public var isSentInPings: Bool {
        switch self {
        case .inApp, .inAppAndInbox, .embedded: true
        case .inbox: false
        }
    }

    /// Whether the campaign is stored in the inbox of each identified user in its audience.
    public var fillsInbox: Bool {
        switch self {
        case .inbox, .inAppAndInbox: true
        case .inApp, .embedded: false
        }
    }
}
