import Foundation
import MarqueeModel

/// The one mapping between an app's row and its ``App`` value, both ways.
extension AppRecord {
    /// The app this row holds.
    func app() throws -> App {
        App(id: try requireID(),
            settings: AppSettings(
                name: name, subscriptionID: subscriptionID, rolloutPercentage: rolloutPercentage,
                pingIntervalSeconds: pingIntervalSeconds,
                testUserIDs: try column("test_user_ids", testUserIDsJSON),
                testDeviceIDs: try column("test_device_ids", testDeviceIDsJSON),
                frequencyCaps: try column("frequency_caps", frequencyCapsJSON),
                identityVerification: IdentityVerification(rawValue: identityVerificationRaw) ?? .required,
                deviceProfile: try column("device_profile", deviceProfileJSON),
                webOrigins: try column("web_origins", webOriginsJSON)),
            secretHash: secretHash,
            identityKeys: IdentityKeys(current: identitySecret, previous: previousIdentitySecret,
                                       previousUntil: previousIdentitySecretUntil.map(Self.date(millis:))),
            campaignsVersion: campaignsVersion, campaignsChangedAt: campaignsChangedAt,
            createdAt: createdAt, updatedAt: updatedAt)
    }

    /// A row for a new app.
    convenience init(_ app: App) {
        self.init()
        id = app.id
        store(app)
    }

    /// Writes every column from `app` (the id and timestamps are the row's own).
    func store(_ app: App) {
        let settings = app.settings
        name = SchemaText.trimmed(settings.name)
        subscriptionID = settings.subscriptionID
        rolloutPercentage = settings.rolloutPercentage
        pingIntervalSeconds = settings.pingIntervalSeconds
        testUserIDsJSON = Self.text(settings.testUserIDs)
        testDeviceIDsJSON = Self.text(settings.testDeviceIDs)
        frequencyCapsJSON = Self.text(settings.frequencyCaps)
        deviceProfileJSON = Self.text(settings.deviceProfile)
        webOriginsJSON = Self.text(settings.webOrigins)
        identityVerificationRaw = settings.identityVerification.rawValue
        secretHash = app.secretHash
        identitySecret = app.identityKeys.current
        previousIdentitySecret = app.identityKeys.previous
        previousIdentitySecretUntil = app.identityKeys.previousUntil.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
        campaignsVersion = app.campaignsVersion
        campaignsChangedAt = app.campaignsChangedAt
    }

    private func column<T: Decodable>(_ name: String, _ text: String) throws -> T {
        do {
            return try MarqueeJSON.decoder().decode(T.self, from: Data(text.utf8))
        } catch {
            // Stored data, not the request, is at fault: a server error, with the details logged.
            throw StoredDataError(what: "app \(id?.uuidString ?? "?") \(name)", underlying: "\(error)")
        }
    }

    private static func text(_ value: some Encodable) -> String {
        (try? MarqueeJSON.encoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    private static func date(millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}
