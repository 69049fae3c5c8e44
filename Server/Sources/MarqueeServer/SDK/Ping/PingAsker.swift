import MarqueeModel
import MarqueeWire
import Vapor

/// Step 1 of a ping: who is asking. The app and device ``SDKCallerMiddleware`` resolved, the
/// ping's body, the user as far as the app's verification trusts them, that user's segments, and
/// what their client can show, read against the app's campaign snapshot.
struct PingAsker {
    let caller: SDKCaller
    let body: PingRequest
    let snapshot: CampaignCatalog.Snapshot
    let identity: CheckedIdentity
    let device: DeviceContext
    let capabilities: Set<Capability>

    init(_ req: Request) async throws {
        caller = try req.sdkCaller
        body = try req.decodeJSON(PingRequest.self)
        let app = caller.app
        snapshot = try await req.marquee.catalog.snapshot(appID: app.id, version: app.campaignsVersion, on: req.db)
        identity = try caller.identity(claimedBy: body.userIdentifiers, for: .targeting)
        var device = DeviceContext(identity: identity.identity, deviceID: caller.deviceID,
                                   appVersion: AppVersion(body.appVersion), locale: body.locale, platform: body.platform)
        device.segments = try await SegmentMembership(rows: req.userRows, clock: req.marquee.clock)
            .segments(of: device, appID: app.id, snapshot: snapshot, recordingVisit: true)
        self.device = device
        capabilities = Set(body.marqueeCapabilities ?? [])
    }

    var app: App { caller.app }

    /// A Marquee client, which is sent the campaigns' `marquee` extension.
    var isExtended: Bool { capabilities.contains(.campaignExtension) }
}
