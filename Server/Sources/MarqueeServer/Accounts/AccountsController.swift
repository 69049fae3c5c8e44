import Vapor

/// `GET, POST /api/v1/accounts` and `PATCH, DELETE /api/v1/accounts/:accountID`: the team's
/// accounts (administrators only, by ``Principal/permits(_:in:)``).
struct AccountsController {
    /// The body of `PATCH`: what to change.
    struct AccountChange: Decodable {
        var role: String?
        var password: String?
    }

    struct AccountInput: Decodable {
        var email: String
        var role: String
        var password: String
    }

    struct AccountResource: JSONResource {
        var id: String
        var email: String
        var role: AccountRole
        var createdAt: Date

        init(_ summary: AccountSummary) {
            id = summary.id.canonical
            email = summary.email
            role = summary.role
            createdAt = summary.createdAt
        }
    }

    @Sendable func list(req: Request) async throws -> ListResource<AccountResource> {
        ListResource(items: try await req.accounts.list().map(AccountResource.init))
    }

    @Sendable func update(req: Request) async throws -> AccountResource {
        let id = try accountID(req)
        let change = try req.decodeJSON(AccountChange.self)
        guard change.role != nil || change.password != nil else {
            throw APIError(.badRequest, code: .invalidBody, "send role, password or both")
        }
        // Bad values are AccountErrors, which APIErrorMiddleware reports as 422 naming the field.
        let role = try change.role.map { text throws(AccountError) in try NewAccount.role(text) }
        let password = try change.password.map { text throws(AccountError) in try NewAccount.password(text) }
        return AccountResource(try await req.accounts.update(id, role: role, password: password))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.accounts.delete(try accountID(req))
        return .noContent
    }

    private func accountID(_ req: Request) throws -> UUID {
        guard let text = req.parameters.get("accountID"), let id = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidId, "the account id must be a UUID")
        }
        return id
    }

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.decodeJSON(AccountInput.self)
        let account = try NewAccount(email: input.email, role: input.role, password: input.password)
        return try Response.json(AccountResource(try await req.accounts.create(account)), status: .created)
    }
}
