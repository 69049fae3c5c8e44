/// The parts of the admin API that permissions are granted on, read off the matched route's path.
enum AdminArea: Sendable, Equatable {
    /// `session`, `session/sign-out`: who is signed in, and signing out.
    case session
    /// `apps`: listing and creating apps.
    case apps
    /// `apps/:appID`: one app's settings, and deleting it.
    case appSettings
    /// `apps/:appID/secret`: rotating an app's secret.
    case appSecret
    /// `apps/:appID/campaigns/…`: campaigns, their status, statistics and previews.
    case campaigns
    /// `apps/:appID/users/…`: erasing what the server stores about a user.
    case userData
    /// `apps/:appID/inbox/…`: sending, listing and deleting App Inbox messages.
    case inbox
    /// `apps/:appID/identity_secret`: rotating the secret app backends sign user IDs with.
    case identitySecret
    /// `apps/:appID/testers`: adding a tester, who gets the app's test campaigns.
    case testers
    /// `preview`, `apps/:appID/trigger_test`: rendering a draft or testing a sample event; changes nothing.
    case preview
    /// `accounts/…`: team accounts.
    case accounts
    /// `audit`: the audit log of changes.
    case audit

    /// The area of a route path under `/api/v1` (parameters as `:name`); `nil` for a path this
    /// table does not know, which ``AccessPolicyMiddleware`` refuses to everyone.
    init?(path: [String]) {
        switch path.first {
        case "session": self = .session
        case "preview": self = .preview
        case "accounts": self = .accounts
        case "audit": self = .audit
        case "apps":
            switch path.count {
            case 1: self = .apps
            case 2: self = .appSettings
            default:
                switch path[2] {
                case "secret": self = .appSecret
                case "campaigns": self = .campaigns
                case "users": self = .userData
                case "inbox": self = .inbox
                case "identity_secret": self = .identitySecret
                case "trigger_test": self = .preview
                case "testers": self = .testers
                default: return nil
                }
            }
        default: return nil
        }
    }
}
