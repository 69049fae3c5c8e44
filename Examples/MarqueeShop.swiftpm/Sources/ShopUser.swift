import Marquee

/// The signed-in user: the demo server keeps an App Inbox message for `demo-user`.
struct ShopUser: UserInfoProvider {
    var userID: String? { "demo-user" }
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
}
