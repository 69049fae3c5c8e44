import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// The locale each device of an app last reported with its configuration request. RInAppMessaging
/// clients name their locale there, not in pings, so a ping from such a client is sent the
/// campaigns' translation for this locale. Kept in the database, so every server instance sees
/// it and memory does not grow with devices.
struct DeviceLocaleStore {
    static let schema = "device_locales"
    let database: any Database

    private struct Row: Decodable {
        var locale: String
    }

    /// The normalized locale `deviceID` last reported, if any.
    func locale(appID: UUID, deviceID: String) async throws -> String? {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        return try await sql.select().column("locale").from(Self.schema)
            .where("app_id", .equal, appID).where("device_id", .equal, deviceID)
            .first(decoding: Row.self)?.locale
    }

    /// Keeps `locale` (normalized; at most ``LanguageTag/maxLength`` characters, else ignored)
    /// as the device's, unless it is already the one kept.
    func remember(_ locale: String, appID: UUID, deviceID: String, at millis: Int64) async throws {
        let normalized = LanguageTag.normalized(locale)
        guard !normalized.isEmpty, normalized.utf8.count <= LanguageTag.maxLength,
              try await self.locale(appID: appID, deviceID: deviceID) != normalized else { return }
        try await database.writeTransaction { db in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            try await sql.insert(into: Self.schema)
                .columns("app_id", "device_id", "locale", "updated_at")
                .values(SQLBind(appID), SQLBind(deviceID), SQLBind(normalized), SQLBind(millis))
                .onConflict(with: ["app_id", "device_id"]) { $0.set(excludedValueOf: "locale").set(excludedValueOf: "updated_at") }
                .run()
        }
    }
}
