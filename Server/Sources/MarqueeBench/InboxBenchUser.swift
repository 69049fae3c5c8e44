import Marquee

/// The signed-in user whose inbox the benchmark fills.
struct InboxBenchUser: UserInfoProvider {
    var userID: String? { "bench-user" }
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
}
