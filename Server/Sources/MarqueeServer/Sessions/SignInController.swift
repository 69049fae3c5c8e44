import Vapor

/// `POST /api/v1/session/sign-in`: an email and password start a dashboard session, held in an
/// `HttpOnly` cookie (see ``SessionCookie``).
///
/// A wrong password and an unknown email get the same answer after the same work (a bcrypt
/// check against a dummy hash), so sign-in reveals no one's account. Failures are limited per
/// email and per address (``SignInLimiter``).
struct SignInController {
    struct SignInInput: Decodable {
        var email: String
        var password: String
    }

    static let invalidCredentials = APIError(.unauthorized, code: .invalidCredentials, "the email or the password is wrong")

    @Sendable func signIn(req: Request) async throws -> Response {
        // Only JSON: another site's plain form cannot send it, so it cannot sign a browser in
        // to the other site's account.
        guard req.headers.contentType == .json else {
            throw APIError(.unsupportedMediaType, code: .unsupportedMediaType, "send the body as application/json")
        }
        let input = try req.decodeJSON(SignInInput.self)
        let email = EmailAddress(input.email)
        // Malformed emails are limited like any other, under a bounded key.
        let key = email?.value ?? String(input.email.lowercased().prefix(EmailAddress.maxLength))
        let attempt = try await req.marquee.signInLimiter.attempt(email: key, address: req.clientAddress)
        let passwords = req.marquee.passwords
        var account: AccountRecord?
        if let email { account = try await req.accounts.find(email) }
        let matches = if let account {
            try await passwords.verify(input.password, against: account.passwordHash)
        } else {
            try await passwords.verifyUnknown(input.password)
        }
        guard let account, matches else {
            req.logger.notice("failed sign-in", metadata: ["address": "\(req.clientAddress)"])
            throw Self.invalidCredentials
        }
        await attempt.succeeded()
        let active = try await req.sessionStore.start(for: account)
        req.logger.notice("signed in", metadata: ["account": "\(active.accountID)"])
        // Outside the admin group (it has no principal yet), so recorded here.
        let entry = AuditLog.Entry(actor: AuditActor(kind: "account", name: active.email, role: active.role),
                                   method: "POST", route: "/api/v1/session/sign-in", path: req.url.path, status: 200,
                                   appID: nil, address: req.clientAddress)
        do {
            try await req.auditLog.record(entry)
        } catch {
            req.logger.error("could not record an audit event", metadata: ["route": "sign-in", "error": "\(error)"])
        }
        let response = try Response.json(SessionResource(active))
        response.cookies[SessionPolicy.cookieName] = SessionCookie.issue(active, on: req)
        return response
    }
}
