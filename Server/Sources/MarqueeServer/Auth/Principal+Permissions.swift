import Vapor

extension Principal {
    /// Whether this principal may send `method` to a route in `area`: the one table of who may do
    /// what. Handlers never check roles; ``AccessPolicyMiddleware`` asks this before any of them runs.
    ///
    /// - The admin token and `admin` accounts may do everything (the audit log and accounts are theirs alone).
    /// - An app's secret manages its own app (never creating or deleting apps) and nothing else;
    ///   ``AppAuthorizationMiddleware`` keeps it to its own app.
    /// - `editor` accounts change campaigns and inbox messages, read the event log, and read the
    ///   rest (not accounts, the audit log or webhooks).
    /// - `viewer` accounts read (not accounts, the audit log, the event log, webhooks or pairings,
    ///   whose device IDs and debug lines are editors') and render previews.
    func permits(_ method: HTTPMethod, in area: AdminArea) -> Bool {
        let reads = !CSRFMiddleware.changesState(method)
        switch self {
        case .admin:
            return true
        case .app:
            switch area {
            case .session, .preview, .appSecret, .identitySecret, .campaigns, .inbox, .testers, .userData, .events, .webhooks,
                 .pairings: return true
            case .apps: return reads
            case .appSettings: return method != .DELETE
            case .accounts, .audit: return false
            }
        case .account(_, let role):
            switch area {
            // Signing out and rendering a preview change nothing that others see.
            case .session, .preview: return true
            // The audit log names every account and the addresses it signs in from, and holds
            // every app's settings as they changed: administrators' alone, campaigns' history too.
            case .accounts, .audit: return role == .admin
            case .apps, .appSettings, .userData: return role == .admin || reads
            // Secrets are for administrators alone: rotating them locks out whoever holds the old one.
            // So are webhooks: each sends the app's users' data to a URL of its own.
            case .appSecret, .identitySecret, .webhooks: return role == .admin
            // The event log names users, and a pairing names its device and carries its debug
            // lines: for those who work on campaigns, not viewers, reads included. Pairing a
            // device is part of trying a campaign, so editors may.
            case .events, .pairings: return role == .admin || role == .editor
            // Adding a tester is part of trying a campaign, so editors may.
            case .campaigns, .inbox, .testers:
                switch role {
                case .admin, .editor: return true
                case .viewer: return reads
                }
            }
        }
    }
}

extension Principal {
    /// The admin token or an `admin` account: whoever may read server-wide figures (`/metrics`).
    var isAdministrator: Bool {
        switch self {
        case .admin: true
        case .app: false
        case .account(_, let role): role == .admin
        }
    }
}
