import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import MarqueeWire
import Testing

/// A survey's answers leave the device once per display, through the outbox, checked against
/// the survey shown and tied to the user only with their consent.
@MainActor
@Suite struct SurveyDisplayTests {
    static func survey() -> Campaign {
        var campaign = Fixture.campaign("feedback", kind: .survey)
        campaign.message = SampleMessages.message(.survey)
        return campaign
    }

    static let config = Data("""
        {"data":{"rolloutPercentage":100,"endpoints":{"ping":"https://marquee.test/v1/ping",
        "impression":"https://marquee.test/v1/impression","displayPermission":"https://marquee.test/v1/display_permission",
        "survey":"https://marquee.test/v1/survey"}}}
        """.utf8)

    static let answers = [SurveyAnswer(questionID: "recommend", value: .score(10)),
                          SurveyAnswer(questionID: "topics", value: .choices(["range", "delivery"]))]

    func shownSurvey(consent: InboxTrackingConsent = .notRequired) async throws -> (Harness, RecordingPresenter) {
        let harness = Harness(campaigns: [Self.survey()])
        harness.server.set("config", .status(200, Self.config))
        harness.server.set("survey", .status(200, Data(#"{"stored":true,"converted":false}"#.utf8)))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.registerPreference(TestUser(userID: "ada"))
        harness.sdk.trackingConsent = consent
        await harness.start()
        harness.sdk.logEvent(AppStartEvent())
        await harness.sdk.waitUntilIdle()
        try #require(presenter.current != nil, "the survey shows")
        return (harness, presenter)
    }

    func surveyBodies(_ harness: Harness) -> [SurveyResponseRequest] {
        harness.server.requests(to: "survey").compactMap(\.body).compactMap { try? JSONDecoder().decode(SurveyResponseRequest.self, from: $0) }
    }

    @Test func theBridgeSessionKeepsTheFirstAnswersSent() {
        var session = BridgeSession()
        #expect(session.receive(.surveyAnswered(Self.answers)) == nil)
        #expect(session.receive(.surveyAnswered([])) == nil)
        #expect(session.receive(.closed(.user, optOut: nil)) == PresentationResult(.userDismissed, surveyAnswers: Self.answers))
    }

    @Test func answersGivenOfflineAreSentOnceWhenTheServerAnswers() async throws {
        let (harness, presenter) = try await shownSurvey()
        harness.server.queue("survey", .failure)
        presenter.finish(PresentationResult(.userDismissed, surveyAnswers: Self.answers))
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.state().pendingSurveyResponses == 1, "kept while the network is down")
        await harness.advance(3_600)
        #expect(await harness.sdk.state().pendingSurveyResponses == 0)
        let request = try #require(surveyBodies(harness).last)
        #expect(request.campaignId == "feedback")
        #expect(request.answers == [SurveyAnswer(questionID: "recommend", value: .score(10)),
                                    SurveyAnswer(questionID: "topics", value: .choices(["delivery", "range"]))])
        #expect(request.userIdentifiers == UserIdentifierDTO.list(for: UserIdentity(userID: "ada")))
        #expect(harness.server.requests(to: "survey").count == 2, "one failed attempt, one delivery")
        #expect(Set(harness.server.requests(to: "survey").compactMap(\.body)).count == 1, "the retry is the same request")
    }

    @Test func withoutConsentTheAnswersNameNoOne() async throws {
        let (harness, presenter) = try await shownSurvey(consent: .denied)
        presenter.finish(PresentationResult(.userDismissed, surveyAnswers: Self.answers))
        await harness.sdk.waitUntilIdle()
        let request = try #require(surveyBodies(harness).first)
        #expect(request.userIdentifiers.isEmpty)
        #expect(request.answers.count == 2)
    }

    @Test func answersThatDoNotFitTheSurveyAreNotSent() async throws {
        let (harness, presenter) = try await shownSurvey()
        presenter.finish(PresentationResult(.userDismissed, surveyAnswers: [SurveyAnswer(questionID: "recommend", value: .score(42))]))
        await harness.sdk.waitUntilIdle()
        #expect(surveyBodies(harness).isEmpty)
        #expect(harness.errors.errors.map(\.description).contains(
            "Marquee: survey answers of campaign feedback not sent: 'recommend' takes a score from 0 to 10"))
        #expect(harness.impressionBodies().count == 1, "the display still counts")
    }

    @Test func theTerminalTakesAnswersAndSendsThem() throws {
        let presenter = TerminalPresenter(width: 60) { _ in }
        var results: [PresentationResult] = []
        presenter.display(InAppMessage(id: "feedback", campaignName: "Feedback", message: SampleMessages.message(.survey)),
                          completion: { results.append($0) })
        #expect(throws: TerminalPresenter.ChoiceError.invalidAnswer("'recommend' is required")) { try presenter.choose(.submit) }
        #expect(throws: TerminalPresenter.ChoiceError.noSuchQuestion(9, available: 4)) { try presenter.choose(.answer(question: 9, "1")) }
        try presenter.choose(.answer(question: 1, "9"))
        try presenter.choose(.answer(question: 3, "3, delivery"))
        try presenter.choose(.answer(question: 4, "Faster delivery please"))
        try presenter.choose(.submit)
        #expect(results == [PresentationResult(.userDismissed, surveyAnswers: [
            SurveyAnswer(questionID: "recommend", value: .score(9)),
            SurveyAnswer(questionID: "topics", value: .choices(["delivery", "range"])),
            SurveyAnswer(questionID: "more", value: .text("Faster delivery please")),
        ])])
    }

    @Test func answersSentBeforeTheAppTakesTheSurveyDownStillCountOnce() async throws {
        let (harness, presenter) = try await shownSurvey()
        let shown = try #require(presenter.current)
        // The web view hands the answers over as the user sends them, then shows its thank-you page.
        harness.sdk.renderContext.sendSurveyAnswers(Self.answers, of: shown)
        harness.sdk.renderContext.sendSurveyAnswers(Self.answers, of: shown)
        harness.sdk.closeMessage()
        await harness.sdk.waitUntilIdle()
        #expect(surveyBodies(harness).count == 1, "sent once, though the display was interrupted")
        #expect(harness.impressionBodies().isEmpty, "an interrupted display counts no impression")
    }

    @Test func answersAtTheEndOfTheDisplayAreNotSentTwice() async throws {
        let (harness, presenter) = try await shownSurvey()
        harness.sdk.renderContext.sendSurveyAnswers(Self.answers, of: try #require(presenter.current))
        presenter.finish(PresentationResult(.userDismissed, surveyAnswers: Self.answers))
        await harness.sdk.waitUntilIdle()
        #expect(surveyBodies(harness).count == 1)
    }

    @Test func withoutConsentTheTimeIsTheHour() async throws {
        let (harness, presenter) = try await shownSurvey(consent: .denied)
        presenter.finish(PresentationResult(.userDismissed, surveyAnswers: Self.answers))
        await harness.sdk.waitUntilIdle()
        let request = try #require(surveyBodies(harness).first)
        #expect(request.answeredAt % 3_600_000 == 0)
    }
}
