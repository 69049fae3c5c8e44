import Fluent
import MarqueeModel
import MarqueeWire
import Vapor

/// The RInAppMessaging-compatible API that SDKs call to learn their campaigns: config, ping and
/// display permission. Features own the routes that report to them (impressions, conversions,
/// profile values, survey answers, the App Inbox).
/// Each handler works for the ``Request/sdkCaller`` that ``SDKCallerMiddleware`` resolved.
struct SDKController {
    /// `GET /v1/config`: rollout and endpoints.
    @Sendable func config(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let app = caller.app
        // RInAppMessaging clients name their locale here and never in pings (the Marquee SDK, which
        // says `marqueePlatform`, names it in every ping): their pings are sent its language.
        if let deviceID = caller.deviceID, let locale: String = req.query[ConfigQuery.locale],
           (req.query[ConfigQuery.marqueePlatform] as String?) == nil {
            try await DeviceLocaleStore(database: req.db).remember(locale, appID: app.id, deviceID: deviceID,
                                                                   at: req.marquee.clock.nowMillis)
        }
        let base = req.publicBaseURL
        let data = ConfigData(
            rolloutPercentage: Rollout.percentage(for: caller.deviceID, subscriptionID: app.subscriptionID,
                                                  rollout: app.settings.rolloutPercentage),
            endpoints: Endpoints(ping: base + "/v1/ping", impression: base + "/v1/impression",
                                 displayPermission: base + "/v1/display_permission", conversion: base + "/v1/conversion",
                                 profile: base + "/v1/profile", survey: base + "/v1/survey",
                                 live: req.marquee.live.maximum > 0 ? base + "/v1/live" : nil, pair: base + "/v1/pair",
                                 debug: base + "/v1/debug"))
        return try Response.json(ConfigResponse(data: data))
    }

    /// `POST /v1/display_permission`: may this campaign show now, and is the client's list stale?
    @Sendable func displayPermission(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let app = caller.app
        let body = try req.decodeJSON(DisplayPermissionRequest.self)
        let appID = app.id
        guard let campaignID = UUID(uuidString: body.campaignId),
              try await CampaignRecord.query(on: req.db).withDeleted()
                .filter(\.$id == campaignID).filter(\.$app.$id == appID).count() > 0 else {
            throw APIError.notFound("campaign")
        }
        let snapshot = try await req.marquee.catalog.snapshot(appID: appID, version: app.campaignsVersion, on: req.db)
        let identity = try caller.identity(claimedBy: body.userIdentifiers, for: .targeting).identity
        var device = DeviceContext(identity: identity, deviceID: caller.deviceID,
                                   appVersion: body.appVersion.flatMap(AppVersion.init), locale: body.locale,
                                   platform: body.resolvedPlatform)
        device.segments = try await SegmentMembership(rows: req.userRows, clock: req.marquee.clock)
            .segments(of: device, appID: appID, snapshot: snapshot, recordingVisit: false)
        let audience = DeliveryAudience(app: app, device: device, now: req.marquee.clock.now())
        // Paused, archived, ended and deleted campaigns are not in the snapshot (or not live).
        let display = snapshot.entry(id: body.campaignId).map { $0.campaign.channel.showsInApp && audience.admits($0.campaign) } ?? false
        let response = DisplayPermissionResponse(display: display,
                                                 performPing: app.campaignsChangedAt > body.lastPingInMillis)
        return try Response.json(response)
    }
}

extension Request {
    /// The base URL clients reach this server at: the configured public URL, else the address this
    /// request came to. A proxy's `X-Forwarded-Proto` and `X-Forwarded-Host` count only when the
    /// request came from a trusted proxy (`--trusted-proxies`): anyone else could otherwise choose
    /// the endpoints devices are sent to. Production servers should set the public URL.
    var publicBaseURL: String {
        let configuration = marquee.configuration
        if let url = configuration.publicURL { return url.absoluteString.trimmingSuffix("/") }
        let viaProxy = configuration.trustedProxies.trusts(remoteAddress?.ipAddress)
        let forwardedScheme = viaProxy ? headers.first(name: "X-Forwarded-Proto")?.lowercased() : nil
        let scheme = forwardedScheme == "https" ? "https" : "http"
        let forwardedHost = viaProxy ? headers.first(name: "X-Forwarded-Host") : nil
        let host = forwardedHost ?? headers.first(name: .host) ?? "\(configuration.host):\(configuration.port)"
        return "\(scheme)://\(host)"
    }
}

extension InboxEndpoints {
    /// The inbox routes of the server at `base`.
    init(base: String) {
        self.init(sync: base + "/v1/inbox/sync", update: base + "/v1/inbox/update", track: base + "/v1/inbox/track")
    }
}
