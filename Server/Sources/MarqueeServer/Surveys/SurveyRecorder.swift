import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// Checks a display's survey answers against the campaign's survey and stores them once per
/// display (``SurveyResponses``); when the campaign's goal is a survey answer they hold, the
/// user's conversion is counted (``ConversionRecorder``).
///
/// Answers are text the user typed: they are stored as given (trimmed and within the
/// question's limit) and every page that shows them escapes them.
struct SurveyRecorder {
    let database: any Database
    let changes: UserChanges
    let app: App
    let clock: any ServerClock
    let catalog: CampaignCatalog

    func record(_ request: SurveyResponseRequest, as user: CheckedIdentity, deviceID: String?) async throws -> SurveyReceipt {
        guard !request.batchId.isEmpty, IdentifierLimits.fits(request.batchId, 100) else {
            throw AnalyticsError.invalidBatch("batchId must be 1 to 100 bytes of UTF-8")
        }
        try DeviceTime.check(request.answeredAt, field: "answeredAt")
        guard let campaignID = UUID(uuidString: request.campaignId),
              let campaign = try await CampaignLookup(database: database, app: app, catalog: catalog)
                .campaign(campaignID, text: request.campaignId) else {
            throw AnalyticsError.campaignNotFound
        }
        guard campaign.message.kind == .survey, let survey = campaign.message.survey else {
            throw AnalyticsError.invalidAnswers("campaign \(request.campaignId) is not a survey")
        }
        let answers: [SurveyAnswer]
        do { answers = try survey.checked(request.answers) } catch { throw AnalyticsError.invalidAnswers(error.description) }
        let identity = user.identity
        let unit = ExperimentUnit(identity: identity, deviceID: deviceID)
        let now = clock.now().millis
        let isTest = request.isTest || campaign.isTest || app.settings.isTester(DeviceContext(identity: identity, deviceID: deviceID))
        let response = SurveyResponses.Response(
            appID: app.id, campaignID: campaignID, batchID: request.batchId,
            variant: ArmAttribution.arm(of: campaign, declared: request.marqueeVariant, unit: unit), userKey: identity.key,
            // A device's clock may run ahead: an answer is never later than its arrival. Answers that
            // name no one keep the hour only, so the time of an impression that names the user cannot.
            answeredAt: identity.isAnonymous ? Self.hour(of: min(request.answeredAt, now)) : min(request.answeredAt, now),
            receivedAt: identity.isAnonymous ? Self.hour(of: now) : now, isTest: isTest, answers: answers)
        let stored = try await database.writeTransaction { db in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            let stored = try await SurveyResponses.insert(response, on: sql)
            if stored {
                let answers = (try? MarqueeJSON.decoder().decode(JSONValue.self, from: MarqueeJSON.encoder().encode(response.answers))) ?? .null
                var data: [String: JSONValue] = ["answers": answers]
                if isTest { data["test"] = .bool(true) }
                try await EventLog.append([EventLog.Entry(
                    appID: response.appID, type: .surveyAnswer, campaignID: campaignID,
                    variant: response.variant.isEmpty ? nil : response.variant, userID: identity.userID, deviceID: deviceID,
                    deviceTime: response.answeredAt, serverTime: response.receivedAt, data: data)], on: sql)
            }
            return stored
        }
        // Also on a retry: the conversion counts once per user, and a retry may follow a conversion that failed.
        guard let goal = campaign.goal, goal.matches(answers), !identity.isAnonymous else {
            return SurveyReceipt(stored: stored, converted: false)
        }
        let converted = try await ConversionRecorder(database: database, changes: changes, app: app, clock: clock, catalog: catalog)
            .store(for: campaign, campaignID: campaignID, as: identity, deviceID: deviceID, declaredVariant: request.marqueeVariant,
                   exposedAt: response.answeredAt, convertedAt: response.answeredAt, isTest: isTest)
        return SurveyReceipt(stored: stored, converted: converted)
    }

    /// The start of the hour `millis` falls in.
    static func hour(of millis: Int64) -> Int64 {
        millis - ((millis % 3_600_000) + 3_600_000) % 3_600_000
    }
}
