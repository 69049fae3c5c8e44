import MarqueeModel

/// Everything an app's administrator sets, complete: what the store writes to an app row.
/// Requests arrive as ``AppInput`` and become settings by one of three rules (create, replace, merge).
struct AppSettings: Sendable, Equatable {
    var name: String
    var subscriptionID: String
    var rolloutPercentage: Int
    var pingIntervalSeconds: Int
    var testUserIDs: [String]
    var testDeviceIDs: [String]
    var frequencyCaps: [FrequencyCap]
    /// Whether user IDs must be signed with the app's identity secret (see ``IdentityVerifier``).
    var identityVerification: IdentityVerification
    /// What devices may set in their own verified user's profile.
    var deviceProfile: DeviceProfileRules
    /// The origins whose pages may use the web SDK with this app (``WebOrigins``).
    var webOrigins: [String]

    static let defaultRollout = 100
    static let defaultPingInterval = 3600
    static let pingIntervalRange = 10...86_400
    static let rolloutRange = 0...100

    /// `POST /apps`: the name is required; everything else has a default.
    static func creating(from input: AppInput) throws -> AppSettings {
        guard let name = input.name else { throw CatalogError.invalid([ValidationIssue(field: "name", message: "is required")]) }
        return AppSettings(name: name, subscriptionID: input.subscriptionID ?? newSubscriptionID(),
                           rolloutPercentage: input.rolloutPercentage ?? defaultRollout,
                           pingIntervalSeconds: input.pingIntervalSeconds ?? defaultPingInterval,
                           testUserIDs: input.testUserIDs ?? [], testDeviceIDs: input.testDeviceIDs ?? [],
                           frequencyCaps: input.frequencyCaps ?? [],
                           identityVerification: input.identityVerification ?? .off,
                           deviceProfile: input.deviceProfile ?? DeviceProfileRules(),
                           webOrigins: input.webOrigins ?? [])
    }

    /// A subscription ID for an app created without one.
    static func newSubscriptionID() -> String {
        String(Secrets.generate(prefix: "sub_").prefix(28))
    }

    /// `PUT /apps/:appID`: a full replacement, so every field must be given. A missing field is an
    /// error rather than a reset to its default (a rename must not turn a 5 % rollout into 100 %).
    static func replacing(with input: AppInput) throws -> AppSettings {
        let missing = input.missingFields
        guard missing.isEmpty,
              let name = input.name, let subscriptionID = input.subscriptionID, let rollout = input.rolloutPercentage,
              let interval = input.pingIntervalSeconds, let users = input.testUserIDs, let devices = input.testDeviceIDs,
              let caps = input.frequencyCaps, let verification = input.identityVerification,
              let deviceProfile = input.deviceProfile, let webOrigins = input.webOrigins else {
            throw CatalogError.invalid(missing.map {
                ValidationIssue(field: $0, message: "is required: PUT replaces the whole app (PATCH changes only the fields it is given)")
            })
        }
        return AppSettings(name: name, subscriptionID: subscriptionID, rolloutPercentage: rollout,
                           pingIntervalSeconds: interval, testUserIDs: users, testDeviceIDs: devices, frequencyCaps: caps,
                           identityVerification: verification, deviceProfile: deviceProfile, webOrigins: webOrigins)
    }

    /// `PATCH /apps/:appID`: the given fields over the current settings.
    func merging(_ input: AppInput) -> AppSettings {
        AppSettings(name: input.name ?? name, subscriptionID: input.subscriptionID ?? subscriptionID,
                    rolloutPercentage: input.rolloutPercentage ?? rolloutPercentage,
                    pingIntervalSeconds: input.pingIntervalSeconds ?? pingIntervalSeconds,
                    testUserIDs: input.testUserIDs ?? testUserIDs, testDeviceIDs: input.testDeviceIDs ?? testDeviceIDs,
                    frequencyCaps: input.frequencyCaps ?? frequencyCaps,
                    identityVerification: input.identityVerification ?? identityVerification,
                    deviceProfile: input.deviceProfile ?? deviceProfile,
                    webOrigins: input.webOrigins ?? webOrigins)
    }

    /// Whether this user or device is one of the app's testers.
    func isTester(_ device: DeviceContext) -> Bool {
        let ids = [device.identity.userID, device.identity.idTrackingIdentifier].compactMap { $0 }
        if ids.contains(where: testUserIDs.contains) { return true }
        return device.deviceID.map(testDeviceIDs.contains) ?? false
    }

    /// Verification needs a secret to check signatures with; the secret is made by its own request
    /// (`POST …/identity_secret`), which shows it once.
    func identityIssues(hasSecret: Bool) -> [ValidationIssue] {
        let needsSecret = switch identityVerification {
        case .off: false
        case .optional, .required: true
        }
        guard needsSecret && !hasSecret else { return [] }
        return [ValidationIssue(field: "identityVerification",
                                message: "needs an identity secret first: create one with POST /api/v1/apps/{appID}/identity_secret")]
    }

    func validationIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func check(_ ok: Bool, _ field: String, _ message: String) {
            if !ok { issues.append(ValidationIssue(field: field, message: message)) }
        }
        check(SchemaText.fits(name, 1...100) && SchemaText.hasVisibleCharacter(name), "name",
              "must be 1 to 100 characters, not only spaces")
        let allowed = subscriptionID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        check(allowed && (3...100).contains(subscriptionID.count), "subscriptionID",
              "must be 3 to 100 letters, digits, '-', '_' or '.'")
        check(Self.rolloutRange.contains(rolloutPercentage), "rolloutPercentage",
              "must be between \(Self.rolloutRange.lowerBound) and \(Self.rolloutRange.upperBound)")
        check(Self.pingIntervalRange.contains(pingIntervalSeconds), "pingIntervalSeconds",
              "must be between \(Self.pingIntervalRange.lowerBound) and \(Self.pingIntervalRange.upperBound)")
        check(!testUserIDs.contains(""), "testUserIDs", "must not contain empty IDs")
        check(!testDeviceIDs.contains(""), "testDeviceIDs", "must not contain empty IDs")
        for (index, cap) in frequencyCaps.enumerated() {
            issues += cap.validationIssues(field: "frequencyCaps[\(index)]")
        }
        check(Set(frequencyCaps.map(\.id)).count == frequencyCaps.count, "frequencyCaps", "cap ids must be unique")
        issues += deviceProfile.validationIssues()
        issues += WebOrigins.issues(webOrigins)
        return issues
    }
}
