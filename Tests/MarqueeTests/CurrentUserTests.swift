@testable import Marquee
import MarqueeModel
import Testing

/// The current user: read from the app's provider, with the protocol's rules applied, and each
/// problem reported once.
@Suite struct CurrentUserTests {
    struct SignedUser: SignedUserInfoProvider {
        var userID: String?
        var idTrackingIdentifier: String?
        var accessToken: String?
        var userSignature: String?
    }

    @Test func withoutAProviderTheUserIsAnonymousAndNothingChanges() {
        var user = CurrentUser()
        #expect(user.read() == CurrentUser.Reading(newProblem: nil, switchedUser: false))
        #expect(user.identity == .anonymous && user.accessToken == nil && user.signature == nil)
    }

    @Test func aNewProviderSwitchesTheUserAtTheNextReadOnly() {
        var user = CurrentUser()
        user.register(SignedUser(userID: "ada", accessToken: "token", userSignature: "abc"))
        #expect(user.identity == .anonymous, "registering reads nothing yet")
        #expect(user.read() == CurrentUser.Reading(newProblem: nil, switchedUser: true))
        #expect(user.identity == UserIdentity(userID: "ada"))
        #expect(user.accessToken == "token" && user.signature == "abc")
        #expect(user.read().switchedUser == false, "the same user again")
    }

    @Test func aProblemIsReportedOnceUntilItChanges() {
        var user = CurrentUser()
        user.register(SignedUser(userID: nil, accessToken: "token", userSignature: "abc"))
        #expect(user.read().newProblem == "an access token needs a user ID")
        #expect(user.accessToken == nil && user.signature == nil, "no token without a user ID, and nothing to sign")
        #expect(user.read().newProblem == nil, "reported once")
        user.register(SignedUser(userID: "ada", idTrackingIdentifier: "tracking", accessToken: "token"))
        #expect(user.read().newProblem == "an access token cannot be used with an ID-tracking identifier")
        user.register(SignedUser(userID: "ada"))
        #expect(user.read().newProblem == nil)
        user.register(SignedUser(userID: nil, accessToken: "token"))
        #expect(user.read().newProblem == "an access token needs a user ID", "reported again once it comes back")
    }

    @Test func adoptingTakesTheIdentityAloneAndTheNextReadSwitchesNothing() {
        var user = CurrentUser()
        user.register(SignedUser(userID: "ada", accessToken: "token"))
        user.adoptIdentity()
        #expect(user.identity == UserIdentity(userID: "ada"))
        #expect(user.accessToken == nil, "the token waits for the first read")
        #expect(user.read() == CurrentUser.Reading(newProblem: nil, switchedUser: false))
        #expect(user.accessToken == "token")
    }
}
