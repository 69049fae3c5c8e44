import Vapor

/// Records every admin request that changes state (POST, PUT, PATCH, DELETE) and succeeded, after
/// its handler ran: who (``AuditActor``), what (method, route, path, app), when (the server
/// clock), and from where. It sits on the whole admin API group behind ``AccessPolicyMiddleware``,
/// so no handler can forget it; refused and failed requests changed nothing and are not recorded.
/// Previews (which change nothing) are skipped.
///
/// The event is written after the change committed, in its own statement: a failure to write it
/// is logged at `error` and does not undo or hide the change the client already made.
struct AuditMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard CSRFMiddleware.changesState(request.method), response.status.code < 400 else { return response }
        let route = "/" + (request.route?.path ?? []).map(\.description).joined(separator: "/")
        if AdminArea(path: Array(route.split(separator: "/").dropFirst(2).map(String.init))) == .preview { return response }
        let entry = AuditLog.Entry(
            actor: AuditActor(try request.principal, email: request.dashboardSession?.email),
            method: request.method.rawValue, route: route, path: request.url.path, status: Int(response.status.code),
            appID: request.parameters.get("appID").flatMap(UUID.init(uuidString:)), address: request.clientAddress)
        do {
            try await request.auditLog.record(entry)
        } catch {
            request.logger.error("could not record an audit event", metadata: ["route": "\(route)", "error": "\(error)"])
        }
        return response
    }
}

extension Request {
    /// The audit log, on this request's database and the server clock.
    var auditLog: AuditLog { AuditLog(database: db, clock: marquee.clock) }
}
