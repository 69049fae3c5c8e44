import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// What a device calls to pair with the dashboard (`POST /v1/pair`, `POST /v1/pair/end`) and to
/// send its debug session's lines (`POST /v1/debug`).
struct PairingSDKController {
    /// Takes the pairing a code names. Codes are tried at most ``PairingCode/attemptsPerMinute``
    /// a minute per address, so six characters are enough against guessing within their ten minutes.
    @Sendable func pair(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let deviceID = try Self.deviceID(of: caller)
        if let wait = await req.marquee.pairingAttempts.spend(req.clientAddress) {
            throw APIError(.tooManyRequests, code: .rateLimited, "too many pairing attempts; retry in \(wait) s",
                           headers: ["Retry-After": "\(wait)"])
        }
        let body = try req.decodeJSON(PairRequest.self)
        guard let code = PairingCode.normalized(body.code),
              let pairing = try await req.pairingStore.pair(code: code, appID: caller.app.id, deviceID: deviceID) else {
            throw APIError(.notFound, code: .pairingCodeInvalid,
                           "no pairing waits for this code: it is mistyped, used or expired; make a new one in the dashboard")
        }
        await req.marquee.pairingAttempts.refund(req.clientAddress)
        return try Response.json(PairResponse(pairing: pairing.id.canonical, expiresAt: pairing.expiresAt ?? 0))
    }

    private struct EndInput: Decodable {
        var pairing: String
    }

    /// The device ends its pairing.
    @Sendable func end(req: Request) async throws -> HTTPStatus {
        let caller = try req.sdkCaller
        let deviceID = try Self.deviceID(of: caller)
        guard let id = UUID(uuidString: try req.decodeJSON(EndInput.self).pairing) else { throw APIError.notFound("pairing") }
        guard try await req.pairingStore.end(id, in: caller.app.id, deviceID: deviceID) else { throw APIError.notFound("pairing") }
        return .noContent
    }

    /// Lines of a running debug session of the device's; `409 pairing_ended` tells a device whose
    /// session is over to stop sending.
    @Sendable func debug(req: Request) async throws -> HTTPStatus {
        let caller = try req.sdkCaller
        let deviceID = try Self.deviceID(of: caller)
        let body = try req.decodeJSON(DebugLogRequest.self)
        guard body.lines.count <= DebugLine.maxPerRequest else {
            throw APIError(.badRequest, code: .tooManyEvents, "at most \(DebugLine.maxPerRequest) lines a request")
        }
        // Refused, not cut: a line cut here would read in the dashboard as what the device said.
        for (index, line) in body.lines.enumerated() {
            guard let (field, maxBytes) = line.oversizeField else { continue }
            let path = "lines[\(index)].\(field)"
            throw APIError(.badRequest, code: .invalidBody, "\(path) is longer than a debug line carries: at most \(maxBytes) bytes of UTF-8",
                           fields: [ValidationIssue(field: path, message: "at most \(maxBytes) bytes")])
        }
        guard try await req.pairingStore.isDebugging(session: body.session, deviceID: deviceID, appID: caller.app.id) else {
            throw APIError(.conflict, code: .pairingEnded, "no debug session \(body.session) runs for this device")
        }
        try await req.marquee.pairedDevices.record(body.lines, session: body.session,
                                                   at: req.marquee.clock.nowMillis, on: try req.db.sql())
        return .noContent
    }

    /// Pairings belong to devices: these routes need the `device_id` header.
    private static func deviceID(of caller: SDKCaller) throws -> String {
        guard let deviceID = caller.deviceID else {
            throw APIError(.badRequest, code: .badRequest, "pairing needs the device_id header")
        }
        return deviceID
    }
}
