import Fluent
import Foundation

/// An app that embeds the SDK. `subscriptionID` is public (SDKs send it); the secret is stored hashed.
final class AppRecord: Model, @unchecked Sendable {
    // Fluent models are reference types whose property wrappers are not Sendable; each instance is
    // confined to the request that loaded it.
    static let schema = "apps"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "subscription_id") var subscriptionID: String
    @Field(key: "secret_hash") var secretHash: String
    @Field(key: "rollout_percentage") var rolloutPercentage: Int
    @Field(key: "ping_interval_seconds") var pingIntervalSeconds: Int
    /// JSON arrays and objects kept as text, so SQLite and PostgreSQL store them alike.
    @Field(key: "test_user_ids") var testUserIDsJSON: String
    @Field(key: "test_device_ids") var testDeviceIDsJSON: String
    @Field(key: "frequency_caps") var frequencyCapsJSON: String
    @Field(key: "device_profile") var deviceProfileJSON: String
    @Field(key: "web_origins") var webOriginsJSON: String
    /// Bumped in the same transaction as every campaign change; catalogs compare it to stay fresh.
    @Field(key: "campaigns_version") var campaignsVersion: Int
    /// Milliseconds since 1970 of the last campaign change (display permission's `performPing`).
    @Field(key: "campaigns_changed_at") var campaignsChangedAt: Int64
    /// ``IdentityVerification`` by raw value; see ``AppRecord/identityKeys``.
    @Field(key: "identity_verification") var identityVerificationRaw: String
    /// Kept as it is (not hashed): the server computes signatures with it.
    @OptionalField(key: "identity_secret") var identitySecret: String?
    /// The secret before the last rotation, accepted until `previousIdentitySecretUntil` (milliseconds).
    @OptionalField(key: "previous_identity_secret") var previousIdentitySecret: String?
    @OptionalField(key: "previous_identity_secret_until") var previousIdentitySecretUntil: Int64?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
