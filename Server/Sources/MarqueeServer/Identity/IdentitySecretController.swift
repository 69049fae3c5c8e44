import Foundation
import Vapor

/// `POST /api/v1/apps/:appID/identity_secret`: creates or rotates the secret an app's backend
/// signs user IDs with (identity verification). The secret is shown in this answer only.
struct IdentitySecretController {
    struct RotationInput: Decodable {
        /// How long the previous secret keeps working; default one day.
        var graceSeconds: Int?
    }

    struct IdentitySecretResource: JSONResource {
        var identitySecret: String
        /// When the previous secret stops verifying signatures; absent when there was none.
        var previousSecretValidUntil: Date?
    }

    @Sendable func rotate(req: Request) async throws -> IdentitySecretResource {
        let hasBody = (req.body.data?.readableBytes ?? 0) > 0
        let input = hasBody ? try req.decodeJSON(RotationInput.self) : RotationInput()
        let grace = input.graceSeconds ?? 86_400
        guard (0...CatalogStore.maxIdentitySecretGrace).contains(grace) else {
            throw APIError.validation([.init(field: "graceSeconds",
                                             message: "must be between 0 and \(CatalogStore.maxIdentitySecretGrace)")])
        }
        let (app, secret) = try await req.store.rotateIdentitySecret(of: try req.authorizedAppID, graceSeconds: grace)
        return IdentitySecretResource(
            identitySecret: secret,
            previousSecretValidUntil: app.identityKeys.previousUntil)
    }
}
