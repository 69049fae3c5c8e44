import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// Checks a conversion report against its campaign's goal and stores it once per user per
/// campaign (``Conversions``).
///
/// The window is checked on the times the device reports (exposure and event, both on its
/// clock), as the SDK checks it before sending; a report outside it is answered, not counted.
/// Test traffic (a test campaign, or a tester's report) is counted apart, as impressions are.
struct ConversionRecorder {
    let database: any Database
    let changes: UserChanges
    let app: App
    let clock: any ServerClock
    let catalog: CampaignCatalog

    func record(_ request: ConversionRequest, as user: CheckedIdentity, deviceID: String?) async throws -> ConversionReceipt {
        if let batchID = request.batchId, batchID.isEmpty || !IdentifierLimits.fits(batchID, 100) {
            throw AnalyticsError.invalidBatch("batchId must be 1 to 100 bytes of UTF-8")
        }
        try DeviceTime.check(request.exposedAt, field: "exposedAt")
        try DeviceTime.check(request.convertedAt, field: "convertedAt")
        guard let campaignID = UUID(uuidString: request.campaignId),
              let campaign = try await CampaignLookup(database: database, app: app, catalog: catalog)
                .campaign(campaignID, text: request.campaignId) else {
            throw AnalyticsError.campaignNotFound
        }
        guard let goal = campaign.goal else { return ConversionReceipt(counted: false, reason: .noGoal) }
        guard goal.event != .surveyAnswer else { return ConversionReceipt(counted: false, reason: .surveyGoal) }
        let exposed = Date(timeIntervalSince1970: Double(request.exposedAt) / 1000)
        let converted = Date(timeIntervalSince1970: Double(request.convertedAt) / 1000)
        guard goal.attributes(converted, toExposureAt: exposed) else {
            return ConversionReceipt(counted: false, reason: .outsideWindow)
        }
        let counted = try await store(for: campaign, campaignID: campaignID, as: user.identity, deviceID: deviceID,
                                      declaredVariant: request.marqueeVariant, exposedAt: request.exposedAt,
                                      convertedAt: request.convertedAt, isTest: request.isTest)
        return counted ? ConversionReceipt(counted: true) : ConversionReceipt(counted: false, reason: .alreadyCounted)
    }

    /// Stores the user's conversion of `campaign` unless one is stored; whether it was new.
    /// Reports and survey answers (``SurveyRecorder``) both count through here.
    func store(for campaign: Campaign, campaignID: UUID, as identity: UserIdentity, deviceID: String?, declaredVariant: String?,
               exposedAt: Int64, convertedAt: Int64, isTest: Bool) async throws -> Bool {
        let appID = app.id
        let unit = ExperimentUnit(identity: identity, deviceID: deviceID)
        let conversion = Conversions.Conversion(
            appID: appID, campaignID: campaignID, unit: KeyDigest(unit.key),
            variant: ArmAttribution.arm(of: campaign, declared: declaredVariant, unit: unit),
            exposedAt: exposedAt, convertedAt: convertedAt, receivedAt: clock.now(),
            isTest: isTest || campaign.isTest || app.settings.isTester(DeviceContext(identity: identity, deviceID: deviceID)))
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        if try await Conversions.exists(campaignID: campaignID, unit: conversion.unit, on: sql) { return false }
        // The unique key decides between reports racing past that check.
        let (inserted, users) = try await database.writeTransaction { db -> (Bool, [KeyDigest]) in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            let inserted = try await Conversions.insert(conversion, on: sql)
            guard inserted else { return (false, []) }
            var data: [String: JSONValue] = ["goal": .string(campaign.goal?.event.rawValue ?? ""), "exposedAt": .number(Double(exposedAt))]
            if conversion.isTest { data["test"] = .bool(true) }
            try await EventLog.append([EventLog.Entry(
                appID: appID, type: .conversion, campaignID: campaignID, variant: conversion.variant.isEmpty ? nil : conversion.variant,
                userID: identity.userID, deviceID: deviceID, deviceTime: convertedAt, serverTime: conversion.receivedAt.millis,
                data: data)], on: sql)
            guard let userID = identity.userID else { return (true, []) }
            let entry = UserHistory.Entry(appID: appID, userID: userID, campaignID: campaignID, action: .converted,
                                          at: min(convertedAt, conversion.receivedAt.millis))
            return (inserted, try await UserHistory.record([entry], on: sql, changes: changes))
        }
        changes.committed(users)
        return inserted
    }
}
