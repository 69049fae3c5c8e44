import MarqueeModel
import MarqueeWire
import Vapor

/// The SDK route that sets profile values (a Marquee extension), for the ``Request/sdkCaller``
/// that ``SDKCallerMiddleware`` resolved.
struct ProfileSDKController {
    /// `POST /v1/profile` (Marquee extension): the SDK sets values in its own user's profile: only
    /// those the app's `deviceProfile` names, for a user ID as verified as the app requires.
    @Sendable func profile(req: Request) async throws -> HTTPStatus {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(ProfileUpdateRequest.self)
        let identity = try caller.identity(claimedBy: body.userIdentifiers, for: .personal)
        let change = ProfileChange(attributes: body.attributes, addTags: body.addTags, removeTags: body.removeTags)
        let refused = caller.app.settings.deviceProfile.refusals(of: change)
        guard refused.isEmpty else { throw APIError.validation(refused) }
        _ = try await req.userProfiles.apply(change, appID: caller.app.id, userID: identity.userID,
                                             at: req.marquee.clock.nowMillis, from: .sdk)
        return .noContent
    }
}
