import Fluent
import Foundation
import MarqueeModel
@testable import MarqueeServer
import Testing

/// An app has one set of settings (``AppSettings``), carried whole through every layer: the
/// admin API's body, the domain value, the database row and the API's answer. A setting added to
/// ``AppSettings`` but missed by a layer fails here, since every setting below differs from its default.
@Suite struct AppShapeTests {
    static let settings = AppSettings(
        name: "Shop", subscriptionID: "shop-sub", rolloutPercentage: 7, pingIntervalSeconds: 90,
        testUserIDs: ["tess"], testDeviceIDs: ["device-1"],
        frequencyCaps: [FrequencyCap(id: "daily", limit: 2, periodSeconds: 86_400)],
        identityVerification: .optional,
        deviceProfile: DeviceProfileRules(attributes: ["favoriteCategory": .string, "age": .number], tags: ["newsletter"]),
        webOrigins: ["https://shop.example.com", "http://localhost:8080"])

    static let app = App(
        id: UUID(), settings: settings, secretHash: "hash",
        identityKeys: IdentityKeys(current: "mqi_now", previous: "mqi_before", previousUntil: Date(timeIntervalSince1970: 1_800_000_000.25)),
        campaignsVersion: 4, campaignsChangedAt: 1_700_000_000_123)

    @Test func everySettingDiffersFromItsDefault() throws {
        let defaults = try AppSettings.creating(from: AppInput(name: "Shop", subscriptionID: "shop-sub"))
        let mirror = Mirror(reflecting: Self.settings), defaultMirror = Mirror(reflecting: defaults)
        for (child, defaultChild) in zip(mirror.children, defaultMirror.children) where child.label != "name" && child.label != "subscriptionID" {
            #expect("\(child.value)" != "\(defaultChild.value)", "\(child.label ?? "?") must differ from its default here")
        }
    }

    @Test func aRowHoldsTheWholeApp() throws {
        let record = AppRecord(Self.app)
        #expect(try record.app() == Self.app)
    }

    @Test func theAPIAnswerCarriesEverySettingBackToTheAPIBody() throws {
        let answer = try MarqueeJSON.encoder().encode(AppResource(Self.app))
        let input = try MarqueeJSON.decoder().decode(AppInput.self, from: answer)
        #expect(input.missingFields.isEmpty)
        #expect(try AppSettings.replacing(with: input) == Self.settings)
        #expect(Self.settings.merging(input) == Self.settings)
        var other = Self.settings
        other.name = "Other"
        #expect(other.merging(input) == Self.settings, "a full PATCH sets every setting")
    }

    @Test(arguments: TestDatabase.available)
    func settingsSentToTheAPIAreStoredAndServedWhole(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let created = try await server.createApp()
            _ = try await server.send(.POST, "/api/v1/apps/\(created.id)/identity_secret")
            var input = try MarqueeJSON.decoder().decode(AppInput.self, from: try MarqueeJSON.encoder().encode(AppResource(Self.app)))
            input.name = Self.settings.name
            let replaced = try await server.send(.PUT, "/api/v1/apps/\(created.id)", json: input)
            #expect(replaced.status == .ok, "\(replaced.text)")

            let record = try #require(try await AppRecord.find(created.id, on: server.app.db))
            #expect(try record.app().settings == Self.settings)
            let served = try MarqueeJSON.decoder().decode(AppInput.self, from: Data(try await server.send(.GET, "/api/v1/apps/\(created.id)").text.utf8))
            #expect(try AppSettings.replacing(with: served) == Self.settings)
        }
    }
}
