import Vapor

/// `GET /api/v1/model`: what the dashboard's forms offer (``DashboardModelResource``), for any
/// signed-in account.
struct DashboardModelController {
    @Sendable func model(req: Request) async throws -> DashboardModelResource {
        .current
    }
}
