import Fluent
import MarqueeModel
import SQLKit
import Vapor

/// `/api/v1/apps/:appID/campaigns`: create, read, update, delete, list, status and statistics.
struct CampaignsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let campaigns = routes.grouped("apps", ":appID", "campaigns")
        campaigns.get(use: list)
        campaigns.post(use: create)
        campaigns.group(":campaignID") { campaign in
            campaign.get(use: read)
            campaign.put(use: update)
            campaign.delete(use: delete)
            campaign.put("status", use: setStatus)
            campaign.get("stats", use: stats)
        }
    }

    @Sendable func list(req: Request) async throws -> ListResource<CampaignResource> {
        let app = try await req.authorizedApp()
        var query = CampaignRecord.query(on: req.db).filter(\.$app.$id == (try app.requireID()))
        if let status = req.query[String.self, at: "status"] {
            guard CampaignStatus(rawValue: status) != nil else {
                throw APIError(.badRequest, code: "invalid_query",
                               "status must be one of \(CampaignStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            query = query.filter(\.$status == status)
        }
        let records = try await query.sort(\.$createdAt).sort(\.$id).all()
        return ListResource(items: try records.map { CampaignResource($0, campaign: try $0.campaign()) })
    }

    @Sendable func create(req: Request) async throws -> Response {
        let app = try await req.authorizedApp()
        let campaign = try req.decodeJSON(Campaign.self)
        try validate(campaign, app: app)
        let record = CampaignRecord()
        record.id = UUID()
        record.$app.id = try app.requireID()
        try record.store(campaign)
        try await req.db.transaction { db in
            try await record.create(on: db)
            try await Self.bumpVersion(of: app, on: db, clock: req.marquee.clock)
        }
        return try Response.json(CampaignResource(record, campaign: try record.campaign()), status: .created)
    }

    @Sendable func read(req: Request) async throws -> CampaignResource {
        let (_, record) = try await campaignRecord(req)
        return CampaignResource(record, campaign: try record.campaign())
    }

    @Sendable func update(req: Request) async throws -> CampaignResource {
        let (app, record) = try await campaignRecord(req)
        var campaign = try req.decodeJSON(Campaign.self)
        campaign.id = try record.requireID().uuidString.lowercased()
        try validate(campaign, app: app)
        try record.store(campaign)
        try await req.db.transaction { db in
            try await record.update(on: db)
            try await Self.bumpVersion(of: app, on: db, clock: req.marquee.clock)
        }
        return CampaignResource(record, campaign: try record.campaign())
    }

    @Sendable func setStatus(req: Request) async throws -> CampaignResource {
        let (app, record) = try await campaignRecord(req)
        let input = try req.decodeJSON(StatusInput.self)
        var campaign = try record.campaign()
        campaign.status = input.status
        try record.store(campaign)
        try await req.db.transaction { db in
            try await record.update(on: db)
            try await Self.bumpVersion(of: app, on: db, clock: req.marquee.clock)
        }
        return CampaignResource(record, campaign: campaign)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        let (app, record) = try await campaignRecord(req)
        try await req.db.transaction { db in
            try await record.delete(on: db)
            try await Self.bumpVersion(of: app, on: db, clock: req.marquee.clock)
        }
        return .noContent
    }

    @Sendable func stats(req: Request) async throws -> CampaignStats {
        let (_, record) = try await campaignRecord(req)
        return try await ImpressionStatistics(database: req.db).stats(for: try record.requireID())
    }

    private func campaignRecord(_ req: Request) async throws -> (AppRecord, CampaignRecord) {
        let app = try await req.authorizedApp()
        guard let text = req.parameters.get("campaignID"), let id = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: "invalid_id", "the campaign id must be a UUID")
        }
        guard let record = try await CampaignRecord.query(on: req.db)
            .filter(\.$id == id).filter(\.$app.$id == (try app.requireID())).first() else {
            throw APIError.notFound("campaign")
        }
        return (app, record)
    }

    private func validate(_ campaign: Campaign, app: AppRecord) throws {
        let issues = campaign.validationIssues(frequencyCapIDs: Set(app.frequencyCaps.map(\.id)))
        guard issues.isEmpty else { throw APIError.validation(issues) }
    }

    /// Marks the app's campaigns as changed, inside the caller's transaction.
    static func bumpVersion(of app: AppRecord, on db: any Database, clock: any ServerClock) async throws {
        let appID = try app.requireID()
        // An atomic increment, so concurrent writers on several instances never lose a bump.
        guard let sql = db as? any SQLDatabase else {
            throw APIError(.internalServerError, code: "internal_error", "the database does not speak SQL")
        }
        try await sql.update(AppRecord.schema)
            .set(SQLIdentifier("campaigns_version"), to: SQLBinaryExpression(
                left: SQLIdentifier("campaigns_version"), op: SQLBinaryOperator.add, right: SQLLiteral.numeric("1")))
            .set("campaigns_changed_at", to: SQLBind(clock.nowMillis))
            .where("id", .equal, SQLBind(appID))
            .run()
    }
}
