import Vapor

/// `DELETE /api/v1/apps/:appID/users/:userID`: erase what the server stores about a user.
struct UsersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.delete("users", ":userID", use: erase)
    }

    struct ErasureResource: JSONResource {
        var userID: String
        var deletedImpressions: Int
        /// The user's copies of inbox messages, with their read state and tracked opens and clicks.
        var deletedInboxMessages: Int
    }

    @Sendable func erase(req: Request) async throws -> ErasureResource {
        guard let userID = req.parameters.get("userID"), !userID.isEmpty else {
            throw APIError(.badRequest, code: "invalid_id", "the user id must not be empty")
        }
        let appID = try req.authorizedAppID
        let deleted = try await UserDataEraser(database: req.db).erase(userID: userID, appID: appID)
        req.logger.notice("erased a user's data", metadata: ["app": "\(appID)", "impressions": "\(deleted.impressions)",
                                                             "inboxMessages": "\(deleted.inboxMessages)"])
        return ErasureResource(userID: userID, deletedImpressions: deleted.impressions,
                               deletedInboxMessages: deleted.inboxMessages)
    }
}
