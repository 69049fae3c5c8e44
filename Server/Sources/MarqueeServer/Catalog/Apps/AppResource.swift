import MarqueeModel
import Vapor

/// The body of `POST`, `PUT` and `PATCH /api/v1/apps[/:appID]`, as sent: which fields are
/// required depends on the method (see ``AppSettings``).
struct AppInput: Codable, Sendable {
    var name: String?
    var subscriptionID: String?
    var rolloutPercentage: Int?
    var pingIntervalSeconds: Int?
    var testUserIDs: [String]?
    var testDeviceIDs: [String]?
    var frequencyCaps: [FrequencyCap]?
    var identityVerification: IdentityVerification?
    var deviceProfile: DeviceProfileRules?
    var webOrigins: [String]?

    /// The fields a full replacement lacks.
    var missingFields: [String] {
        let given: [(String, Bool)] = [
            ("name", name != nil), ("subscriptionID", subscriptionID != nil),
            ("rolloutPercentage", rolloutPercentage != nil), ("pingIntervalSeconds", pingIntervalSeconds != nil),
            ("testUserIDs", testUserIDs != nil), ("testDeviceIDs", testDeviceIDs != nil),
            ("frequencyCaps", frequencyCaps != nil), ("identityVerification", identityVerification != nil),
            ("deviceProfile", deviceProfile != nil), ("webOrigins", webOrigins != nil),
        ]
        return given.filter { !$0.1 }.map(\.0)
    }
}

/// An app as the admin API returns it. `secret` is present only when it was just created or rotated.
struct AppResource: JSONResource {
    var id: String
    var name: String
    var subscriptionID: String
    var rolloutPercentage: Int
    var pingIntervalSeconds: Int
    var testUserIDs: [String]
    var testDeviceIDs: [String]
    var frequencyCaps: [FrequencyCap]
    var identityVerification: IdentityVerification
    var deviceProfile: DeviceProfileRules
    var webOrigins: [String]
    /// Whether an identity secret exists (it is shown only when created or rotated).
    var hasIdentitySecret: Bool
    var createdAt: Date?
    var updatedAt: Date?
    var secret: String?

    init(_ app: App, secret: String? = nil) {
        let settings = app.settings
        id = app.id.canonical
        name = settings.name
        subscriptionID = settings.subscriptionID
        rolloutPercentage = settings.rolloutPercentage
        pingIntervalSeconds = settings.pingIntervalSeconds
        testUserIDs = settings.testUserIDs
        testDeviceIDs = settings.testDeviceIDs
        frequencyCaps = settings.frequencyCaps
        identityVerification = settings.identityVerification
        deviceProfile = settings.deviceProfile
        webOrigins = settings.webOrigins
        hasIdentitySecret = app.identityKeys.current != nil
        createdAt = app.createdAt
        updatedAt = app.updatedAt
        self.secret = secret
    }
}
