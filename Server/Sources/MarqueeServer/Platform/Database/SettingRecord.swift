import Fluent
import Foundation

/// A server-wide setting, such as the hash of the generated admin token.
final class SettingRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "settings"

    @ID(custom: "key", generatedBy: .user) var id: String?
    @Field(key: "value") var value: String

    init() {}

    init(key: String, value: String) {
        id = key
        self.value = value
    }

    static let adminTokenHash = "admin_token_sha256"
}
