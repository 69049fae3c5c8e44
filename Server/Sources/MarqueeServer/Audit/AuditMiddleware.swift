import Vapor

/// Records every admin request that changes state (POST, PUT, PATCH, DELETE), or reads users'
/// data out (``AdminArea/auditsReads``), and succeeded, after
/// its handler ran: who (``AuditActor``), what (method, route, path, app), when (the server
/// clock), and from where. It sits on the whole admin API group behind ``AccessPolicyMiddleware``,
/// so no handler can forget it; refused and failed requests changed nothing and are not recorded.
/// Previews (which change nothing) are skipped.
///
/// Before the handler runs it installs the request's ``ChangeRecorder``, which ``CatalogStore``
/// fills with every app and campaign change it committed; the event carries that change's before
/// and after. A request that committed a change is recorded even when its response then failed,
/// and one that committed several (none does today) gets one event per change.
///
/// The event is written after the change committed, in its own statement: a failure to write it
/// is logged at `error` and does not undo or hide the change the client already made.
struct AuditMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let recorder = ChangeRecorder()
        request.changeRecorder = recorder
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            if !recorder.recorded.isEmpty {
                let status = APIErrorMiddleware.apiError(for: error, request: request).status
                await record(request, status: Int(status.code), changes: recorder.recorded)
            }
            throw error
        }
        let changes = recorder.recorded
        let audited = CSRFMiddleware.changesState(request.method) || request.route?.adminArea?.auditsReads == true
        guard audited, response.status.code < 400 || !changes.isEmpty else { return response }
        await record(request, status: Int(response.status.code), changes: changes)
        return response
    }

    private func record(_ request: Request, status: Int, changes: [CatalogChange]) async {
        let route = "/" + (request.route?.path ?? []).map(\.description).joined(separator: "/")
        if request.route?.adminArea == .preview { return }
        guard let principal = try? request.principal else { return }
        // An erasure's own entry, and the changes it made, name the erased user by a pseudonym.
        let redaction = request.auditRedaction
        let entry = AuditLog.Entry(
            actor: AuditActor(principal, email: request.dashboardSession?.email),
            method: request.method.rawValue, route: route, path: redaction?.path(request.url.path) ?? request.url.path,
            status: status, appID: request.parameters.get("appID").flatMap(UUID.init(uuidString:)), address: request.clientAddress)
        let entries = changes.isEmpty ? [entry] : changes.map { change in
            var entry = entry
            entry.change = redaction?.change(change) ?? change
            return entry
        }
        for entry in entries {
            do {
                try await request.auditLog.record(entry)
            } catch {
                request.logger.error("could not record an audit event", metadata: ["route": "\(route)", "error": "\(error)"])
            }
        }
    }
}

extension Request {
    /// The audit log, on this request's database and the server clock.
    var auditLog: AuditLog { AuditLog(database: db, clock: marquee.clock) }
}
