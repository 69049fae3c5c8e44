import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// `POST /api/v1/apps/:appID/testers`: makes one user or device a tester of the app, who then
/// gets its test campaigns ("send to test device" from a campaign's page). Editors may do it,
/// unlike changing the rest of the app's settings; the write goes through ``CatalogStore``.
struct TestersController {
    /// Exactly one of the two.
    struct TesterInput: Decodable {
        var userID: String?
        var deviceID: String?
    }

    struct TestersResource: JSONResource {
        var testUserIDs: [String]
        var testDeviceIDs: [String]
    }

    @Sendable func add(req: Request) async throws -> TestersResource {
        let input = try req.decodeJSON(TesterInput.self)
        let userID = input.userID, deviceID = input.deviceID
        guard (userID == nil) != (deviceID == nil) else {
            throw APIError.validation([ValidationIssue(field: "userID", message: "send either a userID or a deviceID")])
        }
        var issues: [ValidationIssue] = []
        if let userID, IdentifierLimits.userIDProblem(userID) != nil || !SchemaText.hasVisibleCharacter(userID) {
            issues.append(ValidationIssue(field: "userID", message: "must be 1 to \(IdentifierLimits.userID) bytes of UTF-8, not only spaces"))
        }
        if let deviceID, deviceID.isEmpty || !IdentifierLimits.fits(deviceID, IdentifierLimits.deviceID) || !SchemaText.hasVisibleCharacter(deviceID) {
            issues.append(ValidationIssue(field: "deviceID", message: "must be 1 to \(IdentifierLimits.deviceID) bytes of UTF-8, not only spaces"))
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        let app = try await req.store.updateApp(try req.authorizedAppID, naming: nil) { settings in
            var settings = settings
            if let userID, !userID.isEmpty, !settings.testUserIDs.contains(userID) { settings.testUserIDs.append(userID) }
            if let deviceID, !deviceID.isEmpty, !settings.testDeviceIDs.contains(deviceID) { settings.testDeviceIDs.append(deviceID) }
            return settings
        }
        return TestersResource(testUserIDs: app.settings.testUserIDs, testDeviceIDs: app.settings.testDeviceIDs)
    }
}
