import Foundation
import Marquee

/// The simulator's user: a provider whose user ID the `user` command changes.
final class SimulatedUser: UserInfoProvider, @unchecked Sendable {
    // @unchecked Sendable: `current` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var current: String?

    init(userID: String?) {
        current = userID
    }

    var userID: String? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// The simulator identifies users by user ID only.
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
    /// A signed-in user's first name is their user ID, for `%%first_name%%` placeholders.
    var attributes: [String: String] { userID.map { ["first_name": $0] } ?? [:] }
}
