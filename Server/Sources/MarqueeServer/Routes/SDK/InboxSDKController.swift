import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// The App Inbox API that the Marquee SDK calls (offered in the ping response to clients that
/// declare ``Capability/inbox``): sync, update (read, unread, all read, delete) and tracking.
/// Every request acts on the inbox of the one user it names, after ``Request/inboxUser(of:identifiers:)``
/// has checked that user's signature as the app requires.
struct InboxSDKController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let inbox = routes.grouped("v1", "inbox")
        inbox.post("sync", use: sync)
        inbox.post("update", use: update)
        inbox.post("track", use: track)
    }

    @Sendable func sync(req: Request) async throws -> Response {
        let app = try await req.subscribedApp()
        let body = try req.decodeJSON(InboxSyncRequest.self)
        let userID = try req.inboxUser(of: app, identifiers: body.userIdentifiers)
        try await deliverCampaigns(of: app, to: userID, body: body, req: req)
        do {
            let response = try await req.inboxStore.sync(appID: try app.requireID(), userID: userID,
                                                         tokenText: body.syncToken, limit: body.limit)
            return try Response.json(response)
        } catch is InboxResyncRequired {
            throw APIError(.gone, code: InboxErrorCode.resyncRequired,
                           "the sync token is unknown or too old: sync again without one")
        }
    }

    /// Puts the running inbox campaigns whose audience admits this user and device in the user's inbox.
    private func deliverCampaigns(of app: AppRecord, to userID: String, body: InboxSyncRequest, req: Request) async throws {
        let appID = try app.requireID()
        let snapshot = try await req.marquee.catalog.snapshot(appID: appID, version: app.campaignsVersion, on: req.db)
        let claimed = UserIdentifierDTO.identity(from: body.userIdentifiers)
        let device = DeviceContext(identity: UserIdentity(userID: userID, idTrackingIdentifier: claimed.idTrackingIdentifier),
                                   deviceID: req.deviceID, appVersion: body.appVersion.flatMap(AppVersion.init),
                                   locale: body.locale, platform: body.platform)
        let audience = DeliveryAudience(app: app, device: device, now: req.marquee.clock.now())
        let campaigns = snapshot.entries.map(\.campaign).filter { $0.channel.fillsInbox && audience.admits($0) }
        try await req.inboxStore.deliverCampaigns(campaigns, appID: appID, userID: userID)
    }

    @Sendable func update(req: Request) async throws -> Response {
        let app = try await req.subscribedApp()
        let body = try req.decodeJSON(InboxUpdateRequest.self)
        let userID = try req.inboxUser(of: app, identifiers: body.userIdentifiers)
        let changed = try await req.inboxStore.update(body.operation, messageIDs: body.messageIDs,
                                                      appID: try app.requireID(), userID: userID)
        return try Response.json(InboxUpdateResponse(changed: changed))
    }

    @Sendable func track(req: Request) async throws -> Response {
        let app = try await req.subscribedApp()
        let body = try req.decodeJSON(InboxTrackRequest.self)
        let userID = try req.inboxUser(of: app, identifiers: body.userIdentifiers)
        let stored = try await req.inboxStore.track(body.events, consent: body.consent, appID: try app.requireID(),
                                                    userID: userID, deviceID: req.deviceID)
        return try Response.json(InboxTrackResponse(stored: stored))
    }
}

extension Request {
    /// The user whose inbox this SDK request may use: the user ID it names, once its signature
    /// passes the app's identity verification. Anonymous users have no inbox.
    func inboxUser(of app: AppRecord, identifiers: [UserIdentifierDTO]) throws -> String {
        guard let userID = UserIdentifierDTO.identity(from: identifiers).userID else {
            throw APIError(.forbidden, code: InboxErrorCode.requiresIdentity,
                           "the inbox belongs to identified users: send a user ID")
        }
        let signature = headers.first(name: ProtocolHeader.userSignature)
        switch app.identityVerifier.check(userID: userID, signature: signature, now: marquee.clock.now()) {
        case .verified, .unverified:
            return userID
        case .rejected:
            throw APIError(.unauthorized, code: InboxErrorCode.identityNotVerified,
                           "the user ID's signature (\(ProtocolHeader.userSignature)) is missing or invalid")
        }
    }

    /// The identity a ping or display permission names, as far as the app's verification trusts
    /// it: an identity whose user ID fails verification counts as anonymous.
    func verifiedIdentity(_ identity: UserIdentity, of app: AppRecord) -> UserIdentity {
        guard let userID = identity.userID else { return identity }
        let signature = headers.first(name: ProtocolHeader.userSignature)
        return app.identityVerifier.trusts(userID: userID, signature: signature, now: marquee.clock.now()) ? identity : .anonymous
    }
}
