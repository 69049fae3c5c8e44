import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// The App Inbox API that the Marquee SDK calls (offered in the ping response to clients that
/// declare ``Capability/inbox``): sync, update (read, unread, all read, delete) and tracking.
/// Every request acts on the inbox of the one user it names, whose signature
/// ``SDKCaller/identity(claimedBy:for:)`` has checked as the app requires.
struct InboxSDKController {
    @Sendable func sync(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let app = caller.app
        let body = try req.decodeJSON(InboxSyncRequest.self)
        let userID = try caller.identity(claimedBy: body.userIdentifiers, for: .personal).userID
        try await deliverCampaigns(of: caller, to: userID, body: body, req: req)
        let response = try await req.inboxStore.sync(appID: app.id, userID: userID, tokenText: body.syncToken, limit: body.limit)
        return try Response.json(response)
    }

    /// Puts the running inbox campaigns whose audience admits this user and device in the user's inbox.
    private func deliverCampaigns(of caller: SDKCaller, to userID: String, body: InboxSyncRequest, req: Request) async throws {
        let app = caller.app
        let appID = app.id
        let snapshot = try await req.marquee.catalog.snapshot(appID: appID, version: app.campaignsVersion, on: req.db)
        let claimed = UserIdentifierDTO.identity(from: body.userIdentifiers)
        let device = DeviceContext(identity: UserIdentity(userID: userID, idTrackingIdentifier: claimed.idTrackingIdentifier),
                                   deviceID: caller.deviceID, appVersion: body.appVersion.flatMap(AppVersion.init),
                                   locale: body.locale, platform: body.platform)
        let audience = DeliveryAudience(app: app, device: device, now: req.marquee.clock.now())
        let campaigns = snapshot.entries.map(\.campaign).filter { $0.channel.fillsInbox && audience.admits($0) }
        try await req.inboxStore.deliverCampaigns(campaigns, appID: appID, userID: userID)
    }

    @Sendable func update(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(InboxUpdateRequest.self)
        let userID = try caller.identity(claimedBy: body.userIdentifiers, for: .personal).userID
        let changed = try await req.inboxStore.update(body.operation, messageIDs: body.messageIDs,
                                                      appID: caller.app.id, userID: userID)
        return try Response.json(InboxUpdateResponse(changed: changed))
    }

    @Sendable func track(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(InboxTrackRequest.self)
        let userID = try caller.identity(claimedBy: body.userIdentifiers, for: .personal).userID
        let stored = try await req.inboxStore.track(body.events, consent: body.consent, appID: caller.app.id,
                                                    userID: userID, deviceID: caller.deviceID)
        return try Response.json(InboxTrackResponse(stored: stored))
    }
}
