import Fluent
import MarqueeModel
import Vapor

/// `/api/v1/apps/:appID/users/:userID`: erase what the server stores about a user, and keep the
/// user's values for message placeholders (`…/attributes`).
struct UsersController {
    struct AttributesResource: JSONResource {
        var userID: String
        var attributes: [String: String]
    }

    /// `GET …/attributes`: the values stored (none is an empty map).
    @Sendable func attributes(req: Request) async throws -> AttributesResource {
        let userID = try Self.userID(req)
        let values = try await req.userValues.attributes(appID: try req.authorizedAppID, userID: userID)
        return AttributesResource(userID: userID, attributes: values)
    }

    /// `PUT …/attributes` with `{"attributes": {"first_name": "Ada"}}`: replaces the values; an
    /// empty map removes them.
    @Sendable func replaceAttributes(req: Request) async throws -> AttributesResource {
        let userID = try Self.userID(req)
        let input = try req.decodeJSON(UserAttributes.self)
        let issues = input.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        try await req.userValues
            .replace(appID: try req.authorizedAppID, userID: userID, with: input.attributes, at: req.marquee.clock.nowMillis)
        return AttributesResource(userID: userID, attributes: input.attributes)
    }

    struct ProfileResource: JSONResource {
        var userID: String
        var attributes: [String: ProfileValue]
        var tags: [String]

        init(userID: String, _ profile: UserProfile) {
            self.userID = userID
            attributes = profile.attributes
            tags = profile.tags
        }
    }

    /// `GET …/profile`: the user's typed attributes and tags (none are empty).
    @Sendable func profile(req: Request) async throws -> ProfileResource {
        let userID = try Self.userID(req)
        return ProfileResource(userID: userID, try await req.userProfiles
            .profile(appID: try req.authorizedAppID, userID: userID))
    }

    /// `PATCH …/profile` with `{"attributes": {"tier": "gold", "points": 1200}, "addTags": ["beta"]}`:
    /// sets the attributes given (`null` removes one), adds and removes tags, keeps the rest.
    @Sendable func updateProfile(req: Request) async throws -> ProfileResource {
        let userID = try Self.userID(req)
        let change = try req.decodeJSON(ProfileChange.self)
        let profile = try await req.userProfiles
            .apply(change, appID: try req.authorizedAppID, userID: userID, at: req.marquee.clock.nowMillis, from: .api)
        return ProfileResource(userID: userID, profile)
    }

    /// `POST …/profiles/import?format=csv|ndjson`: profiles of many users in one body (see
    /// ``ProfileImport``), imported behind the request: 202 with the job (``ImportJobs``), and
    /// `Location` naming where its progress is read. The format is the `Content-Type`'s
    /// (`text/csv`, `application/x-ndjson`); `format` names it for a body sent untyped or as
    /// `application/octet-stream`, and must agree with a type that names one. Any other type is
    /// refused before the body costs a place in the queue. Larger files go in several requests, or
    /// through `marquee profiles import`, which reads a file of any size.
    @Sendable func importProfiles(req: Request) async throws -> Response {
        let named: RecordSplitter.Format?
        switch req.query[String.self, at: "format"] {
        case nil: named = nil
        case "csv": named = .csv
        case "ndjson": named = .ndjson
        case let other?:
            throw APIError(.badRequest, code: .unsupportedFormat, "format is csv or ndjson, not \(other.prefix(40))")
        }
        let typed: RecordSplitter.Format?
        switch req.headers.contentType.map({ "\($0.type)/\($0.subType)".lowercased() }) {
        case nil, "application/octet-stream": typed = nil
        case "text/csv": typed = .csv
        case "application/x-ndjson", "application/ndjson": typed = .ndjson
        default:
            throw APIError(.unsupportedMediaType, code: .unsupportedFormat,
                           "send text/csv or application/x-ndjson, or application/octet-stream with ?format=csv or ?format=ndjson")
        }
        let format: RecordSplitter.Format
        switch (typed, named) {
        case let (typed?, named?) where typed != named:
            throw APIError(.unsupportedMediaType, code: .unsupportedFormat,
                           "the Content-Type says \(typed) but format says \(named)")
        case let (typed?, _): format = typed
        case let (nil, named?): format = named
        case (nil, nil):
            throw APIError(.unsupportedMediaType, code: .unsupportedFormat,
                           "send text/csv or application/x-ndjson, or name the format: ?format=csv or ?format=ndjson")
        }
        // An empty body imports nothing (a CSV says it lacks its header row).
        let appID = try req.authorizedAppID
        let job = try await req.marquee.importJobs.submit(appID: appID, format: format, body: req.body.data ?? ByteBuffer())
        let response = try Response.json(job, status: .accepted)
        response.headers.replaceOrAdd(name: .location, value: "/api/v1/apps/\(appID.canonical)/profiles/imports/\(job.id.canonical)")
        return response
    }

    /// `GET …/profiles/imports/{importID}`: an import's progress, its line errors and how it ended.
    @Sendable func importJob(req: Request) async throws -> ImportJob {
        guard let text = req.parameters.get("importID"), let id = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidId, "the import id must be a UUID")
        }
        return try await req.marquee.importJobs.job(id, appID: try req.authorizedAppID, on: req.db)
    }

    private static func userID(_ req: Request) throws -> String {
        let userID = req.parameters.get("userID") ?? ""
        if let problem = IdentifierLimits.userIDProblem(userID) {
            throw APIError(.badRequest, code: .invalidId, "the user id \(problem)")
        }
        return userID
    }

    struct ErasureResource: JSONResource {
        var userID: String
        var deletedImpressions: Int
        /// The user's copies of inbox messages, with their read state and tracked opens and clicks.
        var deletedInboxMessages: Int
        /// Audit entries that named the user and now name ``pseudonym`` instead.
        var pseudonymizedAuditEntries: Int
        var pseudonym: String
        /// Whether the user was one of the app's testers (they are no longer).
        var removedFromTesters: Bool
        /// Campaigns whose targeting names the user: their editors decide whether to change them.
        var campaignsNamingUser: [String]
    }

    @Sendable func erase(req: Request) async throws -> ErasureResource {
        let userID = try Self.userID(req)
        let appID = try req.authorizedAppID
        let redaction = AuditRedaction(userID: userID)
        req.auditRedaction = redaction
        let deleted = try await UserDataEraser(database: req.db, changes: req.marquee.userChanges).erase(userID: userID, appID: appID, at: req.marquee.clock.nowMillis, redacting: redaction)
        let wasTester = try req.authorizedApp.settings.testUserIDs.contains(userID)
        if wasTester {
            _ = try await req.store.updateApp(appID, naming: nil) { settings in
                var settings = settings
                settings.testUserIDs.removeAll { $0 == userID }
                return settings
            }
        }
        let naming = try await CampaignRecord.query(on: req.db).filter(\.$app.$id == appID).all()
            .filter { (try? $0.campaign().targeting.userIDs?.contains(userID)) == true }
            .compactMap { $0.id?.canonical }
        req.logger.notice("erased a user's data", metadata: ["app": "\(appID)", "impressions": "\(deleted.impressions)",
                                                             "inboxMessages": "\(deleted.inboxMessages)", "pseudonym": "\(redaction.pseudonym)"])
        return ErasureResource(userID: userID, deletedImpressions: deleted.impressions,
                               deletedInboxMessages: deleted.inboxMessages, pseudonymizedAuditEntries: deleted.auditEntries,
                               pseudonym: redaction.pseudonym, removedFromTesters: wasTester, campaignsNamingUser: naming)
    }
}
