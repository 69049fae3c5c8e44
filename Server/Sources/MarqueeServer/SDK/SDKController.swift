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
                                 profile: base + "/v1/profile", survey: base + "/v1/survey"))
        return try Response.json(ConfigResponse(data: data))
    }

    /// `POST /v1/ping`: the campaigns this user may see now.
    @Sendable func ping(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let app = caller.app
        let body = try req.decodeJSON(PingRequest.self)
        let snapshot = try await req.marquee.catalog.snapshot(appID: app.id, version: app.campaignsVersion, on: req.db)
        let checked = try caller.identity(claimedBy: body.userIdentifiers, for: .targeting)
        let identity = checked.identity
        var device = DeviceContext(identity: identity, deviceID: caller.deviceID,
                                   appVersion: AppVersion(body.appVersion), locale: body.locale, platform: body.platform)
        device.segments = try await SegmentMembership(database: req.db, clock: req.marquee.clock)
            .segments(of: device, appID: app.id, snapshot: snapshot, recordingVisit: true)
        let capabilities = Set(body.marqueeCapabilities ?? [])
        let extended = capabilities.contains(.campaignExtension)
        let pushPrimer = body.supportsPushPrimer
        let audience = DeliveryAudience(app: app, device: device, now: req.marquee.clock.now())
        let formKeys = snapshot.admittedForms(for: audience, client: CampaignCatalog.CapabilityMask(client: capabilities),
                                              pushPrimer: pushPrimer, unit: ExperimentUnit(identity: identity, deviceID: caller.deviceID))
        let languages = extended ? Self.marqueeLanguages(body, snapshot: snapshot)
            : try await baseClientLanguages(req, body, caller: caller, snapshot: snapshot)
        let campaigns = PingCampaignList(snapshot: snapshot, keys: formKeys, extended: extended, languages: languages)
        let inbox = capabilities.contains(.inbox) ? InboxEndpoints(base: req.publicBaseURL) : nil
        var answer = PingResponseBody(
            currentPingMillis: req.marquee.clock.nowMillis,
            nextPingMillis: app.settings.pingIntervalSeconds * 1000,
            campaigns: campaigns,
            marquee: nil)
        if extended || inbox != nil {
            let attributes = try await verifiedUserAttributes(req, checked, app: app)
            // Marquee clients learn the list's fingerprint, and are spared a list they already hold.
            let fingerprint = PingFingerprint(campaigns: campaigns.forms, languages: languages, caps: app.settings.frequencyCaps, inbox: inbox,
                                              capabilities: body.marqueeCapabilities ?? [], pushPrimer: pushPrimer,
                                              userAttributes: attributes).value
            let unchanged = body.marqueeFingerprint == fingerprint
            answer.marquee = unchanged
                ? PingExtension(frequencyCaps: [], fingerprint: fingerprint, unchanged: true)
                : PingExtension(frequencyCaps: app.settings.frequencyCaps, inbox: inbox, fingerprint: fingerprint,
                                userAttributes: attributes.isEmpty ? nil : attributes)
            if unchanged { answer.campaigns.keys = [] }
        }
        ServerMetrics.pingServed(campaigns: formKeys.count, unchanged: answer.marquee?.unchanged == true)
        let allocator = req.byteBufferAllocator
        let cache = req.marquee.catalog.pingData
        let key = PingDataCache.Key(extended: extended, languages: languages, forms: answer.campaigns.keys)
        let list = answer
        let compressedData = GzipMiddleware.accepts(req.headers[.acceptEncoding])
            ? { try await cache.segment(appID: app.id, version: snapshot.version, key: key) { list.data(allocator: allocator) } }
            : nil
        let encoded = try await answer.encoded(allocator: allocator, compressedData: compressedData)
        var headers = HTTPHeaders()
        headers.contentType = .json
        if encoded.isGzipped {
            headers.add(name: .contentEncoding, value: "gzip")
            headers.add(name: .vary, value: "Accept-Encoding")
        }
        return Response(status: .ok, headers: headers, body: .init(buffer: encoded.bytes))
    }

    /// The languages a base client is sent, most specific first: the ping's locale, else the one
    /// its device last reported with its configuration (RInAppMessaging clients name it there);
    /// none, the default language. Read only when a campaign is translated.
    /// The language tags a Marquee client shows messages in: it is sent translations along them
    /// only; none (an older client) sends every translation.
    private static func marqueeLanguages(_ body: PingRequest, snapshot: CampaignCatalog.Snapshot) -> [String] {
        guard snapshot.hasTranslations, let language = body.marqueeLanguage else { return [] }
        return LanguageTag.fallbacks(for: language)
    }

    private func baseClientLanguages(_ req: Request, _ body: PingRequest, caller: SDKCaller,
                                     snapshot: CampaignCatalog.Snapshot) async throws -> [String] {
        guard snapshot.hasTranslations else { return [] }
        if let locale = body.locale { return LanguageTag.fallbacks(for: locale) }
        guard let deviceID = caller.deviceID,
              let locale = try await DeviceLocaleStore(database: req.db).locale(appID: caller.app.id, deviceID: deviceID) else { return [] }
        return LanguageTag.fallbacks(for: locale)
    }

    /// The placeholder values of the ping's user, only when the request proves who the user is
    /// (a valid signature): without identity verification anyone could claim a user ID and read them.
    private func verifiedUserAttributes(_ req: Request, _ checked: CheckedIdentity, app: App) async throws -> [String: String] {
        guard checked.isVerified, let userID = checked.identity.userID else { return [:] }
        return try await UserAttributesStore(database: req.db).attributes(appID: app.id, userID: userID)
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
        device.segments = try await SegmentMembership(database: req.db, clock: req.marquee.clock)
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
