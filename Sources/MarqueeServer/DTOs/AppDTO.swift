import MarqueeModel
import Vapor

/// The body of `POST /api/v1/apps` and `PUT /api/v1/apps/:appID`.
struct AppInput: Content {
    var name: String
    var subscriptionID: String?
    var rolloutPercentage: Int?
    var pingIntervalSeconds: Int?
    var testUserIDs: [String]?
    var testDeviceIDs: [String]?
    var frequencyCaps: [FrequencyCap]?

    static let defaultRollout = 100
    static let defaultPingInterval = 3600
    static let pingIntervalRange = 10...86_400

    func validationIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func check(_ ok: Bool, _ field: String, _ message: String) {
            if !ok { issues.append(ValidationIssue(field: field, message: message)) }
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        check(!trimmed.isEmpty && trimmed.count <= 100, "name", "must be 1 to 100 characters")
        if let subscriptionID {
            let allowed = subscriptionID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
            check(allowed && (3...100).contains(subscriptionID.count), "subscriptionID",
                  "must be 3 to 100 letters, digits, '-', '_' or '.'")
        }
        if let rolloutPercentage {
            check((0...100).contains(rolloutPercentage), "rolloutPercentage", "must be between 0 and 100")
        }
        if let pingIntervalSeconds {
            check(Self.pingIntervalRange.contains(pingIntervalSeconds), "pingIntervalSeconds",
                  "must be between \(Self.pingIntervalRange.lowerBound) and \(Self.pingIntervalRange.upperBound)")
        }
        check(!(testUserIDs ?? []).contains(""), "testUserIDs", "must not contain empty IDs")
        check(!(testDeviceIDs ?? []).contains(""), "testDeviceIDs", "must not contain empty IDs")
        let caps = frequencyCaps ?? []
        for (index, cap) in caps.enumerated() {
            issues += cap.validationIssues(field: "frequencyCaps[\(index)]")
        }
        check(Set(caps.map(\.id)).count == caps.count, "frequencyCaps", "cap ids must be unique")
        return issues
    }
}

/// An app as the admin API returns it. `secret` is present only when it was just created or rotated.
struct AppResource: Content {
    var id: UUID
    var name: String
    var subscriptionID: String
    var rolloutPercentage: Int
    var pingIntervalSeconds: Int
    var testUserIDs: [String]
    var testDeviceIDs: [String]
    var frequencyCaps: [FrequencyCap]
    var createdAt: Date?
    var updatedAt: Date?
    var secret: String?

    init(_ record: AppRecord, secret: String? = nil) throws {
        id = try record.requireID()
        name = record.name
        subscriptionID = record.subscriptionID
        rolloutPercentage = record.rolloutPercentage
        pingIntervalSeconds = record.pingIntervalSeconds
        testUserIDs = record.testUserIDs
        testDeviceIDs = record.testDeviceIDs
        frequencyCaps = record.frequencyCaps
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        self.secret = secret
    }
}

/// The body of `PUT …/campaigns/:campaignID/status`.
struct StatusInput: Content {
    var status: CampaignStatus
}

/// A list response.
struct ListResource<Item: Content>: Content {
    var items: [Item]
}
