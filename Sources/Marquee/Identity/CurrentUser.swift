import MarqueeModel

/// Who the SDK works for: the app's ``UserInfoProvider``, what it last reported (with the
/// protocol's rules applied, ``UserInfo``), and the last problem reported about it, so a problem
/// is reported once, not at every read.
struct CurrentUser: Sendable {
    private(set) var provider: (any UserInfoProvider)?
    private(set) var identity = UserIdentity.anonymous
    /// The token sent with requests, when the provider's passes the rules.
    private(set) var accessToken: String?
    /// The host app's signature of the user ID, for identity verification.
    private(set) var signature: String?
    private var lastProblem: String?

    /// What a read of the provider found.
    struct Reading: Equatable {
        /// A problem with the provider's values that was not reported before.
        var newProblem: String?
        /// Whether the user is another one than before the read.
        var switchedUser: Bool
    }

    /// The app registered `provider`; it is read at the next ``read()``.
    mutating func register(_ provider: any UserInfoProvider) {
        self.provider = provider
    }

    /// Takes the provider's user as the current one without reporting anything: at configuration,
    /// before the user's stores are loaded.
    mutating func adoptIdentity() {
        identity = UserInfo(reading: provider).identity
    }

    /// Reads the provider now and keeps what it reports.
    mutating func read() -> Reading {
        let current = UserInfo(reading: provider)
        let newProblem = current.problem != lastProblem ? current.problem : nil
        lastProblem = current.problem
        accessToken = current.accessToken
        signature = current.signature
        let switched = current.identity != identity
        identity = current.identity
        return Reading(newProblem: newProblem, switchedUser: switched)
    }
}
