import Fluent
import MarqueeModel
import Vapor

/// `/api/v1/apps`: the apps that embed the SDK.
struct AppsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let apps = routes.grouped("apps")
        apps.get(use: list)
        apps.post(use: create)
        apps.group(":appID") { app in
            app.get(use: read)
            app.put(use: update)
            app.delete(use: delete)
            app.post("secret", use: rotateSecret)
        }
    }

    @Sendable func list(req: Request) async throws -> ListResource<AppResource> {
        try req.requireAdmin()
        let records = try await AppRecord.query(on: req.db).sort(\.$createdAt).sort(\.$id).all()
        return ListResource(items: try records.map { try AppResource($0) })
    }

    @Sendable func create(req: Request) async throws -> Response {
        try req.requireAdmin()
        let input = try req.decodeJSON(AppInput.self)
        try validate(input)
        let record = AppRecord()
        let secret = Secrets.generate(prefix: "mqs_")
        record.secretHash = Secrets.hash(secret)
        record.campaignsVersion = 0
        record.campaignsChangedAt = req.marquee.clock.nowMillis
        try apply(input, to: record)
        if record.subscriptionID.isEmpty { record.subscriptionID = Secrets.generate(prefix: "sub_").prefix(28).description }
        try await ensureUniqueSubscription(record.subscriptionID, excluding: nil, on: req.db)
        do {
            try await record.create(on: req.db)
        } catch {
            // Another request took the subscription ID between the check and the insert.
            try await ensureUniqueSubscription(record.subscriptionID, excluding: nil, on: req.db)
            throw error
        }
        return try Response.json(AppResource(record, secret: secret), status: .created)
    }

    @Sendable func read(req: Request) async throws -> AppResource {
        try AppResource(try await req.authorizedApp())
    }

    @Sendable func update(req: Request) async throws -> AppResource {
        let record = try await req.authorizedApp()
        let input = try req.decodeJSON(AppInput.self)
        try validate(input)
        let unknownCaps = try await capsStillInUse(after: input, app: record, on: req.db)
        guard unknownCaps.isEmpty else {
            throw APIError.validation(unknownCaps.map {
                ValidationIssue(field: "frequencyCaps", message: "cap '\($0)' is used by a campaign")
            })
        }
        let previousSubscription = record.subscriptionID
        try apply(input, to: record)
        if record.subscriptionID.isEmpty { record.subscriptionID = previousSubscription }
        try await ensureUniqueSubscription(record.subscriptionID, excluding: try record.requireID(), on: req.db)
        // Caps and testers change what pings return.
        record.campaignsVersion += 1
        record.campaignsChangedAt = req.marquee.clock.nowMillis
        do {
            try await record.update(on: req.db)
        } catch {
            try await ensureUniqueSubscription(record.subscriptionID, excluding: try record.requireID(), on: req.db)
            throw error
        }
        return try AppResource(record)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try req.requireAdmin()
        let record = try await req.authorizedApp()
        let appID = try record.requireID()
        try await req.db.transaction { db in
            try await ImpressionRecord.query(on: db).filter(\.$appID == appID).delete()
            try await ImpressionBatchRecord.query(on: db).filter(\.$appID == appID).delete()
            try await CampaignRecord.query(on: db).withDeleted().filter(\.$app.$id == appID).delete(force: true)
            try await record.delete(on: db)
        }
        await req.marquee.catalog.remove(appID: appID)
        return .noContent
    }

    @Sendable func rotateSecret(req: Request) async throws -> AppResource {
        let record = try await req.authorizedApp()
        let secret = Secrets.generate(prefix: "mqs_")
        record.secretHash = Secrets.hash(secret)
        try await record.update(on: req.db)
        return try AppResource(record, secret: secret)
    }

    private func validate(_ input: AppInput) throws {
        let issues = input.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
    }

    private func apply(_ input: AppInput, to record: AppRecord) throws {
        record.name = input.name.trimmingCharacters(in: .whitespaces)
        record.subscriptionID = input.subscriptionID ?? record.$subscriptionID.value ?? ""
        record.rolloutPercentage = input.rolloutPercentage ?? AppInput.defaultRollout
        record.pingIntervalSeconds = input.pingIntervalSeconds ?? AppInput.defaultPingInterval
        record.testUserIDs = input.testUserIDs ?? []
        record.testDeviceIDs = input.testDeviceIDs ?? []
        record.frequencyCaps = input.frequencyCaps ?? []
    }

    private func ensureUniqueSubscription(_ id: String, excluding appID: UUID?, on db: any Database) async throws {
        var query = AppRecord.query(on: db).filter(\.$subscriptionID == id)
        if let appID { query = query.filter(\.$id != appID) }
        if try await query.count() > 0 {
            throw APIError(.conflict, code: "conflict", "another app already uses subscription ID '\(id)'")
        }
    }

    /// Cap ids that campaigns reference but the new settings drop.
    private func capsStillInUse(after input: AppInput, app: AppRecord, on db: any Database) async throws -> [String] {
        let kept = Set((input.frequencyCaps ?? []).map(\.id))
        let dropped = Set(app.frequencyCaps.map(\.id)).subtracting(kept)
        guard !dropped.isEmpty else { return [] }
        let campaigns = try await CampaignRecord.query(on: db).filter(\.$app.$id == app.requireID()).all()
        let used = try campaigns.flatMap { try $0.campaign().delivery.frequencyCapIDs }
        return dropped.intersection(used).sorted()
    }
}
