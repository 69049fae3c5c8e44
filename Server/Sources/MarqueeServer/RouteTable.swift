import Vapor

/// Every route of the server, one line each: method, full path, who may call it, and the handler.
/// `grep` finds any path here whole; ``Endpoint/Access`` says which middleware group serves it
/// (``registerRoutes(on:)``) and, for the admin API, the permission area ``AccessPolicyMiddleware``
/// checks. `OpenAPITests` keeps this table, the served routes and `openapi.yaml` in step.
enum RouteTable {
    static let all: [Endpoint] = open + sdk + preflights + admin

    /// Operations, the dashboard's files and the demo's assets.
    static let open: [Endpoint] = [
        Endpoint(.GET, "/healthz", .open, OpsController().health),
        Endpoint(.GET, "/readyz", .open, OpsController().ready),
        Endpoint(.GET, "/openapi.yaml", .open, OpsController().openAPI),
        Endpoint(.GET, "/metrics", .metrics, MetricsController().metrics),
        Endpoint(.GET, "/dashboard", .open, DashboardController().page),
        Endpoint(.GET, "/dashboard/:asset", .open, DashboardController().asset),
        Endpoint(.GET, "/demo/assets/:name", .open, DemoAssetsController().asset),
        Endpoint(.GET, "/demo/web", .open, DemoWebPageController().page),
        Endpoint(.GET, "/demo/web/:file", .open, DemoWebPageController().file),
        Endpoint(.GET, "/pair", .open, PairingPageController().page),
        Endpoint(.GET, "/.well-known/apple-app-site-association", .open, AppleAppSiteAssociation().file),
        Endpoint(.GET, "/sdk/web/:version/:file", .open, WebSDKController().file),
    ]

    /// What devices call: the RInAppMessaging protocol, conversions, profile values, survey answers and the App Inbox.
    static let sdk: [Endpoint] = [
        Endpoint(.GET, "/v1/config", .sdk, SDKController().config),
        Endpoint(.POST, "/v1/ping", .sdk, PingController().ping),
        // Named by digest, with no app or user in the request, so that any HTTP cache may keep it.
        Endpoint(.GET, "/v1/catalog/:digest", .open, CampaignListController().read),
        Endpoint(.POST, "/v1/display_permission", .sdk, SDKController().displayPermission),
        Endpoint(.POST, "/v1/impression", .sdk, AnalyticsSDKController().impression),
        Endpoint(.POST, "/v1/conversion", .sdk, AnalyticsSDKController().conversion),
        Endpoint(.POST, "/v1/profile", .sdk, ProfileSDKController().profile),
        Endpoint(.POST, "/v1/survey", .sdk, SurveySDKController().survey),
        Endpoint(.POST, "/v1/inbox/sync", .sdk, InboxSDKController().sync),
        Endpoint(.POST, "/v1/inbox/update", .sdk, InboxSDKController().update),
        Endpoint(.POST, "/v1/inbox/track", .sdk, InboxSDKController().track),
        Endpoint(.GET, "/v1/live", .sdk, LiveController().live),
        Endpoint(.POST, "/v1/pair", .sdk, PairingSDKController().pair),
        Endpoint(.POST, "/v1/pair/end", .sdk, PairingSDKController().end),
        Endpoint(.POST, "/v1/debug", .sdk, PairingSDKController().debug),
        // A form the web SDK posts into a frame: the message's document, with its own policy.
        Endpoint(.POST, "/v1/web/frame", .deviceFrame, MessageFrameController().frame),
    ]

    /// Browsers' CORS preflights of the web SDK's requests, one for every device path (the
    /// campaign list's too, which the SDK reads with its usual headers): the SDK group's
    /// ``DeviceCORSMiddleware`` answers them. The message frame is a form post, which a browser
    /// sends without one.
    static let preflights: [Endpoint] = sdk.filter { $0.access != .deviceFrame }.map {
        Endpoint(.OPTIONS, $0.path, .sdk, DeviceCORSMiddleware.optionsHandler)
    }

    /// The admin API that the dashboard and scripts call.
    static let admin: [Endpoint] = [
        Endpoint(.POST, "/api/v1/session/sign-in", .signIn, SignInController().signIn),
        Endpoint(.GET, "/api/v1/session", .admin(.session), SessionController().session),
        Endpoint(.POST, "/api/v1/session/sign-out", .admin(.session), SessionController().signOut),
        Endpoint(.GET, "/api/v1/model", .admin(.session), DashboardModelController().model),
        Endpoint(.POST, "/api/v1/preview/frame", .previewFrame, PreviewFrameController().frame),
        Endpoint(.POST, "/api/v1/preview/inbox/frame", .previewFrame, PreviewFrameController().inboxFrame),
        Endpoint(.POST, "/api/v1/preview", .admin(.preview), PreviewController().previewDraft),
        Endpoint(.POST, "/api/v1/preview/inbox", .admin(.preview), PreviewController().previewInboxDraft),
        Endpoint(.GET, "/api/v1/accounts", .admin(.accounts), AccountsController().list),
        Endpoint(.POST, "/api/v1/accounts", .admin(.accounts), AccountsController().create),
        Endpoint(.PATCH, "/api/v1/accounts/:accountID", .admin(.accounts), AccountsController().update),
        Endpoint(.DELETE, "/api/v1/accounts/:accountID", .admin(.accounts), AccountsController().delete),
        Endpoint(.GET, "/api/v1/audit", .admin(.audit), AuditController().list),
        Endpoint(.GET, "/api/v1/apps", .admin(.apps), AppsController().list),
        Endpoint(.POST, "/api/v1/apps", .admin(.apps), AppsController().create),
        Endpoint(.GET, "/api/v1/apps/:appID", .app(.appSettings), AppController().read),
        Endpoint(.PUT, "/api/v1/apps/:appID", .app(.appSettings), AppController().replace),
        Endpoint(.PATCH, "/api/v1/apps/:appID", .app(.appSettings), AppController().patch),
        Endpoint(.DELETE, "/api/v1/apps/:appID", .app(.appSettings), AppController().delete),
        Endpoint(.POST, "/api/v1/apps/:appID/secret", .app(.appSecret), AppController().rotateSecret),
        Endpoint(.POST, "/api/v1/apps/:appID/identity_secret", .app(.identitySecret), IdentitySecretController().rotate),
        Endpoint(.POST, "/api/v1/apps/:appID/testers", .app(.testers), TestersController().add),
        Endpoint(.POST, "/api/v1/apps/:appID/trigger_test", .app(.preview), TriggerTestController().test),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns", .app(.campaigns), CampaignsController().list),
        Endpoint(.POST, "/api/v1/apps/:appID/campaigns", .app(.campaigns), CampaignsController().create),
        Endpoint(.POST, "/api/v1/apps/:appID/campaigns/import/acoustic", .app(.campaigns), CampaignsController().importAcoustic),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID", .app(.campaigns), CampaignsController().read),
        Endpoint(.PUT, "/api/v1/apps/:appID/campaigns/:campaignID", .app(.campaigns), CampaignsController().update),
        Endpoint(.DELETE, "/api/v1/apps/:appID/campaigns/:campaignID", .app(.campaigns), CampaignsController().delete),
        Endpoint(.PUT, "/api/v1/apps/:appID/campaigns/:campaignID/status", .app(.campaigns), CampaignsController().setStatus),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/stats", .app(.campaigns), CampaignsController().stats),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/analytics", .app(.campaigns), CampaignsController().analytics),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/preview", .app(.campaigns), CampaignsController().preview),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/survey", .app(.campaigns), SurveysController().results),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/survey/answers", .app(.campaigns), SurveysController().textAnswers),
        Endpoint(.GET, "/api/v1/apps/:appID/campaigns/:campaignID/survey/export", .app(.campaigns), SurveysController().export),
        Endpoint(.DELETE, "/api/v1/apps/:appID/users/:userID", .app(.userData), UsersController().erase),
        Endpoint(.GET, "/api/v1/apps/:appID/users/:userID/attributes", .app(.userData), UsersController().attributes),
        Endpoint(.PUT, "/api/v1/apps/:appID/users/:userID/attributes", .app(.userData), UsersController().replaceAttributes),
        Endpoint(.GET, "/api/v1/apps/:appID/segments", .app(.campaigns), SegmentsController().list),
        Endpoint(.POST, "/api/v1/apps/:appID/segments", .app(.campaigns), SegmentsController().create),
        Endpoint(.GET, "/api/v1/apps/:appID/segments/:segmentID", .app(.campaigns), SegmentsController().read),
        Endpoint(.PUT, "/api/v1/apps/:appID/segments/:segmentID", .app(.campaigns), SegmentsController().update),
        Endpoint(.DELETE, "/api/v1/apps/:appID/segments/:segmentID", .app(.campaigns), SegmentsController().delete),
        Endpoint(.POST, "/api/v1/apps/:appID/audience", .app(.preview), SegmentsController().audience),
        Endpoint(.POST, "/api/v1/apps/:appID/profiles/import", .app(.userData), UsersController().importProfiles),
        Endpoint(.GET, "/api/v1/apps/:appID/profiles/imports/:importID", .app(.userData), UsersController().importJob),
        Endpoint(.GET, "/api/v1/apps/:appID/users/:userID/profile", .app(.userData), UsersController().profile),
        Endpoint(.PATCH, "/api/v1/apps/:appID/users/:userID/profile", .app(.userData), UsersController().updateProfile),
        Endpoint(.POST, "/api/v1/apps/:appID/inbox/messages", .app(.inbox), InboxController().send),
        Endpoint(.GET, "/api/v1/apps/:appID/inbox/messages", .app(.inbox), InboxController().list),
        Endpoint(.DELETE, "/api/v1/apps/:appID/inbox/messages/:messageID", .app(.inbox), InboxController().delete),
        Endpoint(.GET, "/api/v1/apps/:appID/events", .app(.events), EventStreamController().stream),
        Endpoint(.GET, "/api/v1/apps/:appID/pairings", .app(.pairings), PairingsController().list),
        Endpoint(.POST, "/api/v1/apps/:appID/pairings", .app(.pairings), PairingsController().create),
        Endpoint(.GET, "/api/v1/apps/:appID/pairings/:pairingID", .app(.pairings), PairingsController().read),
        Endpoint(.DELETE, "/api/v1/apps/:appID/pairings/:pairingID", .app(.pairings), PairingsController().delete),
        Endpoint(.POST, "/api/v1/apps/:appID/pairings/:pairingID/preview", .app(.pairings), PairingsController().preview),
        Endpoint(.PUT, "/api/v1/apps/:appID/pairings/:pairingID/debug", .app(.pairings), PairingsController().setDebug),
        Endpoint(.GET, "/api/v1/apps/:appID/pairings/:pairingID/debug", .app(.pairings), PairingsController().debugLog),
        Endpoint(.GET, "/api/v1/apps/:appID/webhooks", .app(.webhooks), WebhooksController().list),
        Endpoint(.POST, "/api/v1/apps/:appID/webhooks", .app(.webhooks), WebhooksController().create),
        Endpoint(.GET, "/api/v1/apps/:appID/webhooks/:webhookID", .app(.webhooks), WebhooksController().read),
        Endpoint(.PATCH, "/api/v1/apps/:appID/webhooks/:webhookID", .app(.webhooks), WebhooksController().update),
        Endpoint(.DELETE, "/api/v1/apps/:appID/webhooks/:webhookID", .app(.webhooks), WebhooksController().delete),
        Endpoint(.POST, "/api/v1/apps/:appID/webhooks/:webhookID/secret", .app(.webhooks), WebhooksController().rotateSecret),
        Endpoint(.GET, "/api/v1/apps/:appID/webhooks/:webhookID/deliveries", .app(.webhooks), WebhooksController().deliveries),
        Endpoint(.POST, "/api/v1/apps/:appID/webhooks/:webhookID/deliveries/:deliveryID/redeliver", .app(.webhooks),
                 WebhooksController().redeliver),
    ]
}

/// One route: its method, full path, access and handler.
struct Endpoint: Sendable {
    /// Who may call a route, and so which middleware group serves it.
    enum Access: Sendable, Equatable {
        /// Anyone: operations and static files.
        case open
        /// The admin token or an app secret (`/metrics`).
        case metrics
        /// Devices, by subscription ID (``SDKCallerMiddleware``).
        case sdk
        /// Devices' form posts into a frame (the web SDK's message frame), by the form's
        /// subscription ID: the SDK group without CORS, as the page reads nothing of the answer.
        case deviceFrame
        /// Signing in: no credentials yet, limited per address.
        case signIn
        /// The preview frame, which checks its session cookie itself; limited per address.
        case previewFrame
        /// A signed-in principal permitted in the area.
        case admin(AdminArea)
        /// The same, for an app it may use (``AppAuthorizationMiddleware``); the path starts `/api/v1/apps/:appID`.
        case app(AdminArea)

        /// The permission area of an admin route.
        var area: AdminArea? {
            switch self {
            case .admin(let area), .app(let area): area
            case .open, .metrics, .sdk, .deviceFrame, .signIn, .previewFrame: nil
            }
        }
    }

    let method: HTTPMethod
    let path: String
    let access: Access
    let respond: @Sendable (Request) async throws -> Response

    init<Answer: AsyncResponseEncodable>(_ method: HTTPMethod, _ path: String, _ access: Access,
                                         _ handler: @escaping @Sendable (Request) async throws -> Answer) {
        self.method = method
        self.path = path
        self.access = access
        self.respond = { request in try await handler(request).encodeResponse(for: request) }
    }

    /// `GET /api/v1/apps/{appID}`: how `openapi.yaml` names it.
    var documentedName: String {
        let components = path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        return "\(method.rawValue) /" + components.joined(separator: "/")
    }
}

extension Route {
    /// The permission area the route table gave an admin route.
    var adminArea: AdminArea? {
        userInfo[AdminArea.routeInfoKey] as? AdminArea
    }
}

extension AdminArea {
    static let routeInfoKey = "marquee.adminArea"
}
