import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// `/api/v1/apps/:appID/pairings/…`: pairing a device with the dashboard, sending it a campaign
/// as edited (saved or not), and a debug session of its decisions.
struct PairingsController {
    /// A pairing as the admin API returns it; its code, URL and QR code only when it is made.
    struct PairingResource: JSONResource {
        var id: String
        var status: Pairing.Status
        var deviceId: String?
        var codeExpiresAt: Date
        var expiresAt: Date?
        var createdBy: String
        var createdAt: Date
        /// The running debug session, if any.
        var debugSession: String?
        /// Whether the device holds a live channel to this instance now.
        var connected: Bool
        var code: String?
        /// What the QR code says: the URL an app forwards to `MarqueeSDK.pair(url:)`.
        var url: String?
        /// The QR code as SVG.
        var qrCode: String?

        init(_ pairing: Pairing, now: Int64, connected: Bool, code: String? = nil, url: String? = nil) {
            id = pairing.id.canonical
            status = pairing.status(at: now)
            deviceId = pairing.deviceID
            codeExpiresAt = Date(millis: pairing.codeExpiresAt)
            expiresAt = pairing.expiresAt.map(Date.init(millis:))
            createdBy = pairing.createdBy
            createdAt = Date(millis: pairing.createdAt)
            debugSession = status == .paired ? pairing.debugSession : nil
            self.connected = connected
            self.code = code
            self.url = url
            qrCode = url.flatMap { try? QRCode(encoding: $0).svg() }
        }
    }

    struct PairingList: JSONResource {
        var pairings: [PairingResource]
    }

    @Sendable func create(req: Request) async throws -> Response {
        let appID = try req.authorizedAppID
        let principal = try req.principal
        let actor = AuditActor(principal, email: req.dashboardSession?.email)
        let (pairing, code) = try await req.pairingStore.create(appID: appID, createdBy: actor.name ?? actor.kind)
        let url = PairingLink.url(base: req.publicBaseURL, code: code)
        let resource = PairingResource(pairing, now: req.marquee.clock.nowMillis, connected: false, code: code, url: url)
        return try Response.json(resource, status: .created)
    }

    @Sendable func list(req: Request) async throws -> PairingList {
        let appID = try req.authorizedAppID
        let now = req.marquee.clock.nowMillis
        return PairingList(pairings: try await req.pairingStore.list(appID: appID).map { resource(of: $0, now: now, req: req) })
    }

    @Sendable func read(req: Request) async throws -> PairingResource {
        let pairing = try await req.pairingStore.find(try req.pairingIDParameter, in: try req.authorizedAppID)
        return resource(of: pairing, now: req.marquee.clock.nowMillis, req: req)
    }

    private func resource(of pairing: Pairing, now: Int64, req: Request) -> PairingResource {
        PairingResource(pairing, now: now, connected: pairing.deviceID.map {
            pairing.status(at: now) == .paired && req.marquee.live.isConnected(deviceID: $0, of: pairing.appID)
        } ?? false)
    }

    /// Ends the pairing; the device stops its debug session.
    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        let appID = try req.authorizedAppID
        let id = try req.pairingIDParameter
        let store = req.pairingStore
        _ = try await store.find(id, in: appID)
        _ = try await store.end(id, in: appID)
        return .noContent
    }

    struct PreviewSent: JSONResource {
        /// Numbers the pairing's previews from 1.
        var preview: Int
        /// Live channels on this instance that carried it (others may, on other instances).
        var delivered: Int
    }

    /// `POST …/pairings/:pairingID/preview` with a campaign as `POST …/campaigns` takes it: the
    /// device shows it at once, counting nothing.
    @Sendable func preview(req: Request) async throws -> Response {
        let appID = try req.authorizedAppID
        var campaign = try req.decodeJSON(CampaignInput.self).campaign
        let issues = campaign.validationIssues(frequencyCapIDs: Set(try req.authorizedApp.settings.frequencyCaps.map(\.id)))
        guard issues.isEmpty else { throw APIError.validation(issues) }
        let id = try req.pairingIDParameter
        let store = req.pairingStore
        let pairing = try await store.find(id, in: appID)
        guard pairing.status(at: req.marquee.clock.nowMillis) == .paired else {
            throw APIError(.conflict, code: .pairingEnded, "the pairing is \(pairing.status(at: req.marquee.clock.nowMillis).rawValue): pair the device again")
        }
        if campaign.id.isEmpty { campaign.id = "preview-" + id.canonical }
        let preview = LivePreview(pairing: id.canonical, campaign: CampaignEnvelope(campaignData: campaign.campaignData(includingExtension: true)))
        let json = String(decoding: try MarqueeJSON.encoder().encode(preview), as: UTF8.self)
        let number = try await store.storePreview(json, for: id)
        let delivered = pairing.deviceID.map { req.marquee.live.isConnected(deviceID: $0, of: appID) ? 1 : 0 } ?? 0
        return try Response.json(PreviewSent(preview: number, delivered: delivered), status: .accepted)
    }

    struct DebugInput: Decodable {
        var active: Bool
    }

    struct DebugState: JSONResource {
        var session: String?
    }

    /// `PUT …/pairings/:pairingID/debug` with `{"active": true|false}`: starts a debug session
    /// (a new one each time) or stops it.
    @Sendable func setDebug(req: Request) async throws -> DebugState {
        let appID = try req.authorizedAppID
        let input = try req.decodeJSON(DebugInput.self)
        let id = try req.pairingIDParameter
        let store = req.pairingStore
        let pairing = try await store.find(id, in: appID)
        guard pairing.status(at: req.marquee.clock.nowMillis) == .paired else {
            throw APIError(.conflict, code: .pairingEnded, "the pairing is \(pairing.status(at: req.marquee.clock.nowMillis).rawValue): pair the device again")
        }
        let session = input.active ? UUID().canonical : nil
        try await store.setDebugSession(session, replacing: pairing.debugSession, for: id)
        return DebugState(session: session)
    }

    struct DebugLog: JSONResource {
        var session: String?
        var lines: [DebugSessions.Entry]
    }

    /// `GET …/pairings/:pairingID/debug?after=N`: the running session's lines after line `N`.
    @Sendable func debugLog(req: Request) async throws -> DebugLog {
        let pairing = try await req.pairingStore.find(try req.pairingIDParameter, in: try req.authorizedAppID)
        var after = 0
        if let text = req.query[String.self, at: "after"] {
            guard let value = Int(text), value >= 0 else {
                throw APIError(.badRequest, code: .invalidQuery, "after must be a line number, 0 or more")
            }
            after = value
        }
        guard let session = pairing.debugSession else { return DebugLog(session: nil, lines: []) }
        return DebugLog(session: session, lines: req.marquee.pairedDevices.debug.lines(of: session, after: after))
    }
}

extension Request {
    var pairingStore: PairingStore {
        PairingStore(database: db, clock: marquee.clock, devices: marquee.pairedDevices)
    }

    /// The `:pairingID` path parameter.
    var pairingIDParameter: UUID {
        get throws {
            guard let text = parameters.get("pairingID"), let id = UUID(uuidString: text) else {
                throw APIError(.badRequest, code: .invalidId, "the pairing id must be a UUID")
            }
            return id
        }
    }
}
