import Foundation
import Marquee
import MarqueeModel
import MarqueeServer
import Testing

/// A survey over a live server: answered while the server is away, its answers wait in the
/// outbox, reach the server once it is back, and count once, in the distribution, the CSV and
/// the goal's conversions.
@MainActor
@Suite struct SurveyTests {
    struct Results: Decodable {
        struct Question: Decodable {
            struct Value: Decodable { var value: String; var count: Int }
            var id: String
            var answered: Int
            var values: [Value]
            var netPromoterScore: Int?
        }
        var responses: Int
        var questions: [Question]
    }

    static func survey() -> Campaign {
        var campaign = CampaignDraft.make("Feedback", buttons: [])
        campaign.message = Message(kind: .survey, title: "Feedback", survey: Survey(questions: [
            SurveyQuestion(id: "recommend", kind: .nps, prompt: "Recommend us?", isRequired: true),
            SurveyQuestion(id: "topics", kind: .multipleChoice, prompt: "Improve what?",
                           choices: [SurveyChoice(id: "speed", label: "Speed"), SurveyChoice(id: "price", label: "Price")]),
            SurveyQuestion(id: "more", kind: .text, prompt: "Anything else?"),
        ]))
        campaign.goal = ConversionGoal(event: .surveyAnswer, name: "recommend", answers: ["9", "10"])
        return campaign
    }

    @Test func aSurveyAnsweredOfflineIsSyncedOnceIntoTheResultsAndTheCSV() async throws {
        let databasePath = FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-e2e-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: databasePath) }
        let user = TestUser(userID: "ada")

        // Online: the survey shows; then the server goes away while it is on screen.
        let (app, survey, device) = try await LiveServer.with(storage: .sqliteFile(databasePath)) { server in
            let app = try await server.createApp(subscriptionID: "e2e-survey-\(UUID().uuidString)")
            let survey = try await server.createCampaign(Self.survey(), in: app)
            let device = TestDevice()
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: user)
            #expect(await device.sdk.state().campaigns.map(\.id) == [survey.id], "the SDK declares surveys")
            await device.log(AppStartEvent())
            #expect(device.presenter.current?.message.survey?.questions.count == 3)
            #expect(try await server.basePingCampaigns(subscriptionID: app.subscriptionID).isEmpty,
                    "RInAppMessaging clients are not sent surveys")
            return (app, survey, device)
        }
        defer { device.removeStorage() }

        // Offline: the user answers; the answers wait.
        let answers = [SurveyAnswer(questionID: "recommend", value: .score(10)),
                       SurveyAnswer(questionID: "topics", value: .choices(["price", "speed"])),
                       SurveyAnswer(questionID: "more", value: .text("=cmd|' /C calc'!A0 <b>and</b> \"faster\""))]
        try await device.finish(PresentationResult(.userDismissed, surveyAnswers: answers))
        #expect(await device.sdk.state().pendingSurveyResponses == 1)
        #expect(device.errors.containsTransportFailure(of: "survey"))

        try await LiveServer.with(storage: .sqliteFile(databasePath)) { server in
            let back = device.relaunch(later: 600)
            await back.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: user)
            #expect(await back.sdk.state().pendingSurveyResponses == 0, "sent once the server is back")
            // Another launch and more time send nothing again.
            let later = back.relaunch(later: 3600)
            await later.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: user)
            await later.advance(by: 3600)

            let results = try MarqueeJSON.decoder().decode(
                Results.self, from: try await server.admin("GET", "api/v1/apps/\(app.id)/campaigns/\(survey.id)/survey"))
            #expect(results.responses == 1)
            let nps = try #require(results.questions.first)
            #expect(nps.values.first { $0.value == "10" }?.count == 1)
            #expect(nps.netPromoterScore == 100)
            #expect(results.questions[1].values.map(\.count) == [1, 1])
            #expect(results.questions[2].answered == 1)

            let csv = String(decoding: try await server.admin("GET", "api/v1/apps/\(app.id)/campaigns/\(survey.id)/survey/export"),
                             as: UTF8.self)
            let lines = csv.split(separator: "\r\n")
            #expect(lines.count == 2, "a header and one response")
            #expect(lines.last?.hasSuffix(#""ada","10","Speed; Price","'=cmd|' /C calc'!A0 <b>and</b> ""faster""""#) == true,
                    "\(lines.last ?? "")")

            let stats = try JSONSerialization.jsonObject(
                with: try await server.admin("GET", "api/v1/apps/\(app.id)/campaigns/\(survey.id)/stats")) as? [String: Any]
            #expect(stats?["conversions"] as? Int == 1, "a 10 is the goal's answer")
        }
    }
}
