/// The parts of the admin API that permissions are granted on; ``RouteTable`` gives each admin
/// route its area.
enum AdminArea: Sendable, Equatable {
    /// `session`, `session/sign-out`, `model`: who is signed in, signing out, and what forms offer.
    case session
    /// `apps`: listing and creating apps.
    case apps
    /// `apps/:appID`: one app's settings, and deleting it.
    case appSettings
    /// `apps/:appID/secret`: rotating an app's secret.
    case appSecret
    /// `apps/:appID/campaigns/…`, `apps/:appID/segments/…`: campaigns, their status, statistics and
    /// previews, and the segments they target.
    case campaigns
    /// `apps/:appID/users/…`, `apps/:appID/profiles/import`: what the server keeps about users,
    /// erasing it included.
    case userData
    /// `apps/:appID/inbox/…`: sending, listing and deleting App Inbox messages.
    case inbox
    /// `apps/:appID/identity_secret`: rotating the secret app backends sign user IDs with.
    case identitySecret
    /// `apps/:appID/testers`: adding a tester, who gets the app's test campaigns.
    case testers
    /// `preview`, `apps/:appID/trigger_test`, `apps/:appID/audience`: rendering a draft, testing a
    /// sample event or counting an audience; changes nothing.
    case preview
    /// `accounts/…`: team accounts.
    case accounts
    /// `audit`: the audit log of changes.
    case audit
    /// `apps/:appID/events`: the app's event log, user IDs and all. Every read is audited.
    case events
    /// `apps/:appID/webhooks/…`: endpoints that the event log is delivered to, and their secrets.
    case webhooks
    /// `apps/:appID/pairings/…`: devices paired for previews of drafts and debug sessions.
    case pairings

    /// Whether reads are recorded in the audit log too, not only changes: reads that take the
    /// app's users' data out of Marquee.
    var auditsReads: Bool {
        switch self {
        case .events: true
        case .session, .apps, .appSettings, .appSecret, .campaigns, .userData, .inbox, .identitySecret, .testers, .preview,
             .accounts, .audit, .webhooks, .pairings: false
        }
    }
}
