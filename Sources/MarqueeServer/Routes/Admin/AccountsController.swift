import Vapor

/// `GET, POST /api/v1/accounts`: the team's accounts (administrators only, by ``Principal/permits(_:in:)``).
struct AccountsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let accounts = routes.grouped("accounts")
        accounts.get(use: list)
        accounts.post(use: create)
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

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.decodeJSON(AccountInput.self)
        do {
            let account = try NewAccount(email: input.email, role: input.role, password: input.password)
            let summary = try await req.accounts.create(account)
            return try Response.json(AccountResource(summary), status: .created)
        } catch let error as AccountError {
            throw APIError(error)
        }
    }
}
