import Vapor

/// `/api/v1/apps/:appID/users/:userID`: erase what the server stores about a user, and keep the
/// user's values for message placeholders (`…/attributes`).
struct UsersController {
    struct AttributesResource: JSONResource {
        var userID: String
        var attributes: [String: String]
    }

    /// `GET …/attributes`: the values stored (none is an empty map).
    @Sendable func attributes(req: Request) async throws -> AttributesResource {
        let userID = try Self.userID(req)
        let values = try await UserAttributesStore(database: req.db).attributes(appID: try req.authorizedAppID, userID: userID)
        return AttributesResource(userID: userID, attributes: values)
    }

    /// `PUT …/attributes` with `{"attributes": {"first_name": "Ada"}}`: replaces the values; an
    /// empty map removes them.
    @Sendable func replaceAttributes(req: Request) async throws -> AttributesResource {
        let userID = try Self.userID(req)
        let input = try req.decodeJSON(UserAttributes.self)
        let issues = input.validationIssues()
        guard issues.isEmpty else { throw APIError.validation(issues) }
        try await UserAttributesStore(database: req.db)
            .replace(appID: try req.authorizedAppID, userID: userID, with: input.attributes, at: req.marquee.clock.nowMillis)
        return AttributesResource(userID: userID, attributes: input.attributes)
    }

    private static func userID(_ req: Request) throws -> String {
        guard let userID = req.parameters.get("userID"), !userID.isEmpty else {
            throw APIError(.badRequest, code: "invalid_id", "the user id must not be empty")
        }
        return userID
    }

    struct ErasureResource: JSONResource {
        var userID: String
        var deletedImpressions: Int
        /// The user's copies of inbox messages, with their read state and tracked opens and clicks.
        var deletedInboxMessages: Int
    }

    @Sendable func erase(req: Request) async throws -> ErasureResource {
        let userID = try Self.userID(req)
        let appID = try req.authorizedAppID
        let deleted = try await UserDataEraser(database: req.db).erase(userID: userID, appID: appID)
        req.logger.notice("erased a user's data", metadata: ["app": "\(appID)", "impressions": "\(deleted.impressions)",
                                                             "inboxMessages": "\(deleted.inboxMessages)"])
        return ErasureResource(userID: userID, deletedImpressions: deleted.impressions,
                               deletedInboxMessages: deleted.inboxMessages)
    }
}
