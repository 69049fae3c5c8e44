import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// `/api/v1/apps/:appID/campaigns`: create, read, update, delete, list, status, statistics,
/// analytics over time and preview, behind ``AppAuthorizationMiddleware``. Writes go through ``CatalogStore``.
struct CampaignsController {
    @Sendable func list(req: Request) async throws -> ListResource<CampaignResource> {
        var query = CampaignRecord.query(on: req.db).filter(\.$app.$id == (try req.authorizedAppID))
        if let status = req.query[String.self, at: "status"] {
            guard CampaignStatus(rawValue: status) != nil else {
                throw APIError(.badRequest, code: .invalidQuery,
                               "status must be one of \(CampaignStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            query = query.filter(\.$status == status)
        }
        let records = try await query.sort(\.$createdAt).sort(\.$id).all()
        return ListResource(items: try records.map { try CampaignResource($0) })
    }

    @Sendable func create(req: Request) async throws -> Response {
        let campaign = try req.decodeJSON(CampaignInput.self).campaign
        let record = try await req.store.createCampaign(campaign, in: try req.authorizedAppID)
        return try Response.json(CampaignResource(record), status: .created)
    }

    /// `POST …/campaigns/import/acoustic?name=…&status=draft|active`: a campaign from Acoustic's
    /// in-app message, as a push carries it (`{"aps": …, "inApp": {…}}`) or the `inApp` object
    /// alone (``AcousticInApp``). It shows on the message's rules (`executeRule`); a draft unless
    /// `status` says otherwise.
    @Sendable func importAcoustic(req: Request) async throws -> Response {
        let status = try req.query[String.self, at: "status"].map { value in
            guard let status = CampaignStatus(rawValue: value) else {
                throw APIError(.badRequest, code: .invalidQuery,
                               "status must be one of \(CampaignStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return status
        } ?? .draft
        let inApp: AcousticInApp?
        do {
            inApp = try AcousticInApp.from(json: try req.jsonBody())
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: .invalidBody, APIErrorMiddleware.describe(error))
        }
        guard let inApp else {
            throw APIError(.badRequest, code: .invalidBody, "the body holds no in-app message: send a push payload with inApp, or the inApp object")
        }
        var campaign: Campaign
        do {
            campaign = try inApp.campaign(id: "", name: req.query[String.self, at: "name"].flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            throw APIError.validation(error.issues)
        }
        campaign.status = status
        let record = try await req.store.createCampaign(campaign, in: try req.authorizedAppID)
        return try Response.json(CampaignResource(record), status: .created)
    }

    @Sendable func read(req: Request) async throws -> CampaignResource {
        try CampaignResource(try await campaignRecord(req))
    }

    @Sendable func update(req: Request) async throws -> CampaignResource {
        let campaign = try req.decodeJSON(CampaignInput.self).campaign
        return try CampaignResource(try await req.store.replaceCampaign(
            try req.campaignIDParameter, in: try req.authorizedAppID, with: campaign))
    }

    @Sendable func setStatus(req: Request) async throws -> CampaignResource {
        let input = try req.decodeJSON(StatusInput.self)
        return try CampaignResource(try await req.store.setStatus(
            input.status, of: try req.campaignIDParameter, in: try req.authorizedAppID))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.store.deleteCampaign(try req.campaignIDParameter, in: try req.authorizedAppID)
        return .noContent
    }

    @Sendable func stats(req: Request) async throws -> CampaignStats {
        let record = try await campaignRecord(req)
        let (campaign, id) = (try record.campaign(), try record.requireID())
        return try await req.inAdminLane { database in
            try await ImpressionStatistics(database: database).stats(for: campaign, id: id)
        }
    }

    /// `GET …/analytics?from&to&interval=hour|day&timeZone=Europe/Paris&format=json|csv`: the
    /// campaign's live interactions over time (``CampaignTimeSeries``).
    @Sendable func analytics(req: Request) async throws -> Response {
        let record = try await campaignRecord(req)
        let request = try AnalyticsRequest(query: req.query, now: req.marquee.clock.now())
        let (campaign, id) = (try record.campaign(), try record.requireID())
        let series = try await req.inAdminLane { database in
            try await CampaignTimeSeries(database: database).series(of: campaign, id: id, request)
        }
        switch request.format {
        case .json:
            return try Response.json(series)
        case .csv:
            var headers = HTTPHeaders()
            headers.contentType = HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
            headers.add(name: .contentDisposition,
                        value: "attachment; filename=\"campaign-\(series.campaignID)\(series.variant.map { "-" + $0 } ?? "")-\(series.interval)s.csv\"")
            return Response(status: .ok, headers: headers, body: .init(string: series.csv))
        }
    }

    /// `GET …/preview?format=html|text&theme=light|dark&width=60&variant=b`: the saved message (or
    /// one variant's) as devices show it.
    @Sendable func preview(req: Request) async throws -> Response {
        let record = try await campaignRecord(req)
        let format = try req.query[String.self, at: "format"].map { value in
            guard let format = MessagePreview.Format(rawValue: value) else {
                throw APIError(.badRequest, code: .invalidQuery, "format must be html or text")
            }
            return format
        }
        let theme = try req.query[String.self, at: "theme"].map { value in
            guard let theme = Theme(rawValue: value) else {
                throw APIError(.badRequest, code: .invalidQuery, "theme must be automatic, light or dark")
            }
            return theme
        }
        let campaign = try record.campaign()
        var message = campaign.message
        if let variant = req.query[String.self, at: "variant"] {
            // A variant's own message; the control group shows nothing, so it has no preview.
            guard let arm = campaign.experiment?.variant(id: variant) else {
                let ids = campaign.experiment?.arms.map(\.id) ?? []
                throw APIError(.badRequest, code: .invalidQuery, ids.isEmpty
                    ? "variant: the campaign has no experiment" : "variant must be one of \(ids.joined(separator: ", "))")
            }
            message = arm.message ?? message
        }
        return try await MessagePreview(message: message, format: format ?? .html, theme: theme,
                                        width: try req.integerQuery("width"), personalization: [:],
                                        placement: campaign.channel == .embedded ? campaign.placement : nil).response(on: req)
    }

    private func campaignRecord(_ req: Request) async throws -> CampaignRecord {
        try await CatalogStore.campaign(try req.campaignIDParameter, in: try req.authorizedAppID, on: req.db)
    }
}
